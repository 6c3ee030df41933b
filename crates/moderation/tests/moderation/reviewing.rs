//! Issue 23 §2: what moderators do about reports — hide with a reason the author reads,
//! delete, warn, and (staff only) suspend the author — and who may do it.

use serde_json::json;
use testkit::groups::setup;

use crate::support::{
    PASSWORD, act, group_with_member, notification_titles, reply, report, topic, topic_as,
};

#[tokio::test]
async fn moderators_hide_delete_and_warn_and_staff_suspend() {
    let (app, staff, owner) = setup().await;
    let (group_id, _, author) = group_with_member(&app, &owner, &staff).await;
    let reader = app.signed_in_user("reader@example.org", PASSWORD).await;
    let id = topic(&app, &author, group_id, "Trial recruitment", true).await;
    let rude = reply(&app, &author, id, "You are all idiots").await;
    let spam = reply(&app, &author, id, "Buy cheap pills here").await;
    let own = reply(&app, &owner, id, "Welcome, everyone").await;
    for (kind, item) in [("reply", rude), ("reply", spam), ("reply", own)] {
        let (status, body) = report(&app, &reader, kind, item, "abuse", None).await;
        assert_eq!(status, 201, "{body}");
    }

    // Hiding needs a reason, which the author reads.
    let (status, body) = act(&app, &owner, "reply", rude, "hide", Some("  ")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["reason"][0],
        "Give a reason: the author will read it."
    );
    let (status, body) = act(&app, &owner, "reply", rude, "hide", Some("Be civil.")).await;
    assert_eq!(status, 200, "{body}");
    let thread = topic_as(&app, Some(&reader), group_id, id).await;
    let hidden = thread["replies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == rude)
        .unwrap()
        .clone();
    assert_eq!(hidden["text"], "");
    assert!(hidden["hidden_at"].is_string());
    let told = notification_titles(&app, &author, "Be civil.").await;
    assert!(
        told.iter()
            .any(|t| t.starts_with("Hidden by the moderators") && t.contains("Be civil.")),
        "{told:?}"
    );
    // The action is chained into the audit trail, which the author reads under their
    // profile, naming the moderator.
    let (_, trail) = app.get_json_as(&author, "/api/me/audit").await;
    let entry = &trail["data"][0];
    assert_eq!(entry["action"], "moderation.hide", "{trail}");
    assert_eq!(entry["subject_type"], "reply");
    assert_eq!(entry["subject_id"], rude.to_string());
    assert_eq!(entry["reason"], "Be civil.");
    assert!(entry["hash"].as_str().is_some_and(|h| h.len() == 64));

    // Deleted: it keeps its place, without its words.
    let (status, _) = act(&app, &owner, "reply", spam, "delete", None).await;
    assert_eq!(status, 200);
    let thread = topic_as(&app, None, group_id, id).await;
    let deleted = thread["replies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == spam)
        .unwrap()
        .clone();
    assert!(deleted["deleted_at"].is_string());
    assert_eq!(deleted["text"], "");

    // A group's moderator does not judge their own reply, nor suspend anyone.
    let (status, _) = act(&app, &owner, "reply", own, "dismiss", None).await;
    assert_eq!(status, 404);
    let (status, _) = act(&app, &staff, "reply", own, "dismiss", None).await;
    assert_eq!(status, 200);

    // A profile is for staff: the group's owner has no say; staff warn, then suspend.
    let author_id = app.me(&author).await["id"].as_i64().unwrap();
    let (status, _) = report(&app, &reader, "profile", author_id, "spam", None).await;
    assert_eq!(status, 201);
    let (status, _) = act(&app, &owner, "profile", author_id, "warn", Some("Stop.")).await;
    assert_eq!(status, 404);
    let (status, body) = act(&app, &staff, "profile", author_id, "hide", Some("No.")).await;
    assert_eq!(status, 403, "a profile is not hidden: {body}");
    let (status, _) = act(
        &app,
        &staff,
        "profile",
        author_id,
        "warn",
        Some("Last warning."),
    )
    .await;
    assert_eq!(status, 200);
    let told = notification_titles(&app, &author, "Last warning.").await;
    assert!(
        told.iter()
            .any(|t| t.starts_with("A warning from the moderators")),
        "{told:?}"
    );
    let (status, _) = report(&app, &reader, "profile", author_id, "abuse", None).await;
    assert_eq!(status, 201, "a report after a warning counts anew");
    let (status, body) = act(&app, &staff, "profile", author_id, "suspend", None).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = act(
        &app,
        &staff,
        "profile",
        author_id,
        "suspend",
        Some("Repeated abuse."),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app.get_json_as(&author, "/api/me").await;
    assert_eq!(status, 401, "the suspended account's sessions end");

    // Staff read the whole log; the group's members read the group's, and only it.
    let (_, body) = app.get_json_as(&staff, "/api/moderation/log").await;
    let actions: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["suspend", "warn", "dismiss", "delete", "hide"],
        "{body}"
    );
    let (status, body) = app
        .get_json_as(&owner, &format!("/api/moderation/log?group_id={group_id}"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"].as_array().unwrap().len(), 3, "{body}");
    assert_eq!(body["data"][1]["reason"], json!(null));
    assert_eq!(body["data"][2]["reason"], "Be civil.");
    let (status, _) = app.get_json_as(&owner, "/api/moderation/log").await;
    assert_eq!(status, 404, "everything is for staff");
}
