//! Issue 23 §2: enough independent reports hide an item until a moderator reviews it; the
//! queue and the log never name who reported.

use crate::support::{
    PASSWORD, act, group_with_member, notification_titles, reply, report, topic, topic_as,
};

#[tokio::test]
async fn two_reports_hide_a_topic_until_the_group_moderator_dismisses_them() {
    // Every confirmed account counts here; the next test weighs reports by age.
    let app = testkit::spawn_app_with(|config| {
        config.reports_to_hide = 2;
        config.report_trust_days = 0;
    })
    .await;
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("ada@example.org", PASSWORD).await;
    let (group_id, _, author) = group_with_member(&app, &owner, &staff).await;
    let first = app
        .signed_in_user("rita.reporter@example.org", PASSWORD)
        .await;
    let second = app.signed_in_user("sam.second@example.org", PASSWORD).await;
    let id = topic(
        &app,
        &author,
        group_id,
        "Melatonin cures insomnia forever",
        true,
    )
    .await;
    let private = topic(&app, &author, group_id, "Members only", false).await;

    // What a reporter cannot read, they cannot report; nobody reports their own words.
    let (status, _) = report(&app, &first, "topic", private, "spam", None).await;
    assert_eq!(status, 404);
    let (status, body) = report(&app, &author, "topic", id, "spam", None).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["message"],
        "You cannot report yourself or something you wrote."
    );
    let (status, body) = report(&app, &first, "topic", id, "other", Some("  ")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["details"][0],
        "Tell the moderators what is wrong."
    );
    let (status, body) = report(&app, &first, "topic", id, "rumour", None).await;
    assert_eq!(status, 400, "{body}");

    let (status, body) = report(
        &app,
        &first,
        "topic",
        id,
        "medical_misinformation",
        Some("No evidence for this claim."),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Thank you. The moderators will review your report."
    );
    let (status, body) = report(&app, &first, "topic", id, "spam", None).await;
    assert_eq!(status, 409, "{body}");
    // One report is not enough: everyone still reads it.
    let seen = topic_as(&app, None, group_id, id).await;
    assert!(seen["hidden_at"].is_null());
    assert!(seen["text"].as_str().unwrap().contains("Melatonin"));

    let (status, _) = report(&app, &second, "topic", id, "spam", None).await;
    assert_eq!(status, 201);
    // Hidden: a visitor and the reporters see its place without its words...
    for viewer in [None, Some(first.as_str())] {
        let seen = topic_as(&app, viewer, group_id, id).await;
        assert!(seen["hidden_at"].is_string(), "{seen}");
        assert_eq!(seen["text"], "");
        assert!(seen["hidden_reason"].is_null());
    }
    // ...its author reads it with the reason, and so do the group's moderators.
    let mine = topic_as(&app, Some(&author), group_id, id).await;
    assert!(mine["text"].as_str().unwrap().contains("Melatonin"));
    assert_eq!(
        mine["hidden_reason"],
        "Hidden after several members reported it, until a moderator reviews it."
    );
    assert!(
        topic_as(&app, Some(&owner), group_id, id).await["text"]
            .as_str()
            .unwrap()
            .contains("Melatonin")
    );
    let (_, found) = app.get_json("/api/search?q=melatonin").await;
    assert_eq!(found["data"].as_array().unwrap().len(), 0, "{found}");
    let told = notification_titles(&app, &author, "Hidden by the moderators").await;
    assert!(
        told.iter()
            .any(|t| t.contains("is hidden from other members")),
        "{told:?}"
    );

    // The group's queue: the owner sees it, with its reasons and details, never who sent them.
    let queue = format!("/api/moderation/reports?group_id={group_id}");
    let (status, body) = app.get_json_as(&owner, &queue).await;
    assert_eq!(status, 200, "{body}");
    let items = body["data"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{body}");
    let item = &items[0];
    assert_eq!(item["subject_type"], "topic");
    assert_eq!(item["subject_id"], id);
    assert_eq!(item["reports"], 2);
    assert_eq!(item["hidden"], true);
    assert_eq!(item["details"][0], "No evidence for this claim.");
    assert_eq!(
        item["actions"],
        serde_json::json!(["dismiss", "hide", "delete", "warn"])
    );
    assert_eq!(
        item["route"],
        format!("/working-groups/{}#discussion", "sleep-lab")
    );
    let text = body.to_string();
    for reporter in ["rita", "Rita", "sam", "Sam"] {
        assert!(!text.contains(reporter), "{text}");
    }
    // Anyone else has no such queue; staff see every queue, and may suspend.
    for outsider in [&first, &author] {
        let (status, _) = app.get_json_as(outsider, &queue).await;
        assert_eq!(status, 404);
        let (status, _) = app.get_json_as(outsider, "/api/moderation/reports").await;
        assert_eq!(status, 404);
    }
    let (_, all) = app.get_json_as(&staff, "/api/moderation/reports").await;
    assert_eq!(all["data"][0]["actions"][4], "suspend", "{all}");

    // Dismissed: it shows again, and the queue is empty.
    let (status, body) = act(&app, &owner, "topic", id, "dismiss", None).await;
    assert_eq!(status, 200, "{body}");
    let seen = topic_as(&app, None, group_id, id).await;
    assert!(seen["hidden_at"].is_null());
    assert!(seen["text"].as_str().unwrap().contains("Melatonin"));
    let (_, body) = app.get_json_as(&owner, &queue).await;
    assert_eq!(body["data"].as_array().unwrap().len(), 0);
    let (status, _) = act(&app, &owner, "topic", id, "dismiss", None).await;
    assert_eq!(status, 404, "nothing left to act on");

    // The log: the members read who did what; the platform's hiding has no moderator.
    let log = format!("/api/moderation/log?group_id={group_id}");
    let (status, body) = app.get_json_as(&author, &log).await;
    assert_eq!(status, 200, "{body}");
    let entries = body["data"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{body}");
    assert_eq!(entries[0]["action"], "dismiss");
    assert_eq!(entries[0]["moderator_name"], app.me(&owner).await["name"]);
    assert_eq!(entries[0]["reports"], 2);
    assert_eq!(entries[1]["action"], "hide");
    assert_eq!(entries[1]["automatic"], true);
    assert!(entries[1]["moderator_name"].is_null());
    assert!(
        entries[1]["title"].is_null(),
        "a hidden item's words stay out of the log"
    );
    let text = body.to_string();
    for reporter in ["rita", "Rita", "sam", "Sam"] {
        assert!(!text.contains(reporter), "{text}");
    }
    let (status, _) = app.get_json_as(&first, &log).await;
    assert_eq!(status, 404, "the log is for the group's members");
    let (status, _) = app.get_json_as(&staff, &log).await;
    assert_eq!(status, 200);

    // A report after the review counts anew; a reply is reported on its own.
    let answer = reply(&app, &owner, id, "Please cite a trial.").await;
    let (status, _) = report(&app, &first, "reply", answer, "abuse", None).await;
    assert_eq!(status, 201);
    let (status, _) = report(&app, &first, "topic", id, "spam", None).await;
    assert_eq!(status, 201);
    let (_, body) = app.get_json_as(&owner, &queue).await;
    assert_eq!(body["data"].as_array().unwrap().len(), 2, "{body}");
}

/// Issue 44 §4: three accounts made minutes earlier reach the queue but hide nothing; once
/// accounts are as old as the setting asks, theirs count.
#[tokio::test]
async fn brand_new_accounts_do_not_hide_a_post() {
    let app = testkit::spawn_app().await;
    assert_eq!(app.ctx.config.report_trust_days, 3, "the default");
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("ada@example.org", PASSWORD).await;
    let (group_id, _, author) = group_with_member(&app, &owner, &staff).await;
    let id = topic(
        &app,
        &author,
        group_id,
        "Walking helps after a stroke",
        true,
    )
    .await;
    let elders = [
        app.signed_in_user("old.one@example.org", PASSWORD).await,
        app.signed_in_user("old.two@example.org", PASSWORD).await,
        app.signed_in_user("old.three@example.org", PASSWORD).await,
    ];
    kernel::clock::advance(chrono::Duration::days(3));

    for n in 0..3 {
        let puppet = app
            .signed_in_user(&format!("puppet.{n}@example.org"), PASSWORD)
            .await;
        let (status, body) = report(&app, &puppet, "topic", id, "spam", None).await;
        assert_eq!(status, 201, "{body}");
    }
    let seen = topic_as(&app, None, group_id, id).await;
    assert!(
        seen["hidden_at"].is_null(),
        "three new accounts hid it: {seen}"
    );
    // Their reports wait for the moderators all the same.
    let (status, queue) = app.get_json_as(&staff, "/api/moderation/reports").await;
    assert_eq!(status, 200, "{queue}");
    assert_eq!(queue["data"][0]["reports"], 3, "{queue}");

    for (n, elder) in elders.iter().enumerate() {
        let (status, _) = report(&app, elder, "topic", id, "spam", None).await;
        assert_eq!(status, 201);
        let seen = topic_as(&app, None, group_id, id).await;
        assert_eq!(
            seen["hidden_at"].is_string(),
            n == 2,
            "after {} trusted: {seen}",
            n + 1
        );
    }
}
