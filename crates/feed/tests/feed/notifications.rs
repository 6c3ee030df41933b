use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, draft, join, moderate, setup, submit};

async fn notifications(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = app.get_json_as(token, "/api/me/notifications").await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn titles(app: &TestApp, token: &str) -> Vec<String> {
    notifications(app, token)
        .await
        .iter()
        .map(|n| n["title"].as_str().unwrap().to_owned())
        .collect()
}

async fn unread(app: &TestApp, token: &str) -> i64 {
    app.me(token).await["unread_notification_count"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn membership_changes_notify_the_people_concerned_and_never_the_actor() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Notified", &["stroke"]).await;
    assert_eq!(titles(&app, &owner).await, ["Working group approved"]);
    let asker = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;

    // A request reaches the owner, with the route to the group.
    join(&app, &owner, &slug, &asker).await;
    let owner_notes = notifications(&app, &owner).await;
    assert_eq!(owner_notes[0]["title"], "New join request");
    assert_eq!(
        owner_notes[0]["message"],
        "Test Member asked to join Notified."
    );
    assert_eq!(
        owner_notes[0]["in_app_route"],
        format!("/working-groups/{slug}")
    );
    assert_eq!(owner_notes[0]["content_type"], "workinggroup");
    assert_eq!(owner_notes[0]["object_slug"], slug.as_str());
    assert_eq!(owner_notes[0]["read_at"], Value::Null);
    // The asker hears the answer; the owner, who answered, hears nothing of it.
    assert_eq!(titles(&app, &asker).await, ["Join request accepted"]);
    assert_eq!(unread(&app, &asker).await, 1);
    assert_eq!(notifications(&app, &owner).await.len(), 2);

    // Role change and removal.
    let (_, members) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/members"))
        .await;
    let row = members["data"][1]["id"].as_i64().unwrap();
    app.put_json_as(
        &owner,
        &format!("/api/groups/{slug}/members/{row}"),
        &json!({"role": "moderator"}),
    )
    .await;
    app.delete_as(&owner, &format!("/api/groups/{slug}/members/{row}"))
        .await;
    assert_eq!(
        titles(&app, &asker).await,
        [
            "Removed from a working group",
            "Your role changed",
            "Join request accepted"
        ]
    );
    assert_eq!(
        notifications(&app, &asker).await[1]["message"],
        "You are now a moderator of Notified."
    );

    // An invitation to an existing account carries its token.
    let queued_before = feed::service::outbox::rows_to(&app.ctx, "bo@example.org")
        .await
        .unwrap()
        .len();
    app.post_json_as(
        &owner,
        &format!("/api/groups/{slug}/invite-member"),
        &json!({"email": "bo@example.org", "message": "Come back"}),
    )
    .await;
    let invite = notifications(&app, &asker).await[0].clone();
    assert_eq!(invite["title"], "Invitation to Notified");
    // One e-mail: the invitation with its link; the notification stays in the app.
    let queued = feed::service::outbox::rows_to(&app.ctx, "bo@example.org")
        .await
        .unwrap();
    assert_eq!(queued.len(), queued_before, "no second e-mail");
    assert!(
        app.last_mail_to("bo@example.org")
            .await
            .subject
            .contains("invited you to the working group Notified")
    );
    let token = invite["invite_token"].as_str().unwrap();
    assert_eq!(
        invite["in_app_route"],
        format!("/working-groups/{slug}?invite_token={token}")
    );
    let (status, _) = app
        .post_json_as(
            &asker,
            &format!("/api/groups/{slug}/invited-members/{token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);

    // Opening the bell marks everything read.
    assert_eq!(unread(&app, &asker).await, 4);
    let (status, body) = app
        .post_json_as(&asker, "/api/me/notifications/read", &json!({}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["unread_notification_count"], 0);
    assert_eq!(unread(&app, &asker).await, 0);
    assert!(notifications(&app, &asker).await[0]["read_at"].is_string());
}

#[tokio::test]
async fn moderation_updates_discussions_and_affiliations_notify_their_owners() {
    let (app, staff, owner) = setup().await;
    let pending = draft(&app, &owner, "Under review", &["stroke"]).await;
    let id = pending["id"].as_i64().unwrap();
    submit(&app, &owner, id).await;
    moderate(&app, &staff, id, "reject").await;
    assert_eq!(titles(&app, &owner).await, ["Working group not approved"]);
    assert_eq!(
        notifications(&app, &owner).await[0]["message"],
        "Under review was not approved. Reason: reject in a test"
    );

    let (group_id, slug) = approved_group(&app, &owner, &staff, "Talkative", &["stroke"]).await;
    let member = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    join(&app, &owner, &slug, &member).await;
    let other = app
        .signed_in_user("cy@example.org", "analytical 1843")
        .await;
    join(&app, &owner, &slug, &other).await;

    // A new topic reaches the other members, not its author; a reply reaches the topic's author.
    let (_, topic) = app
        .post_json_as(
            &member,
            &format!("/api/groups/{group_id}/discussions"),
            &json!({"text": "<p>Shall we meet monthly?</p>"}),
        )
        .await;
    assert_eq!(titles(&app, &other).await[0], "New discussion in Talkative");
    assert_eq!(
        notifications(&app, &other).await[0]["message"],
        "Test Member: Shall we meet monthly?"
    );
    assert!(
        !titles(&app, &member)
            .await
            .iter()
            .any(|t| t.starts_with("New discussion"))
    );
    let form = reqwest::multipart::Form::new().text("text", "<p>Yes please</p>");
    app.client
        .post(app.url(&format!("/api/discussion/{}/comments", topic["data"]["id"])))
        .bearer_auth(&other)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(titles(&app, &member).await[0], "Test Member replied to you");

    // An approved update reaches its author.
    let (_, update) = app
        .post_json_as(
            &owner,
            &format!("/api/me/groups/{group_id}/post"),
            &json!({"title": "First results", "text": "<p>Good news</p>"}),
        )
        .await;
    app.post_json_as(
        &staff,
        &format!("/api/staff/group-updates/{}/approve", update["data"]["id"]),
        &json!({}),
    )
    .await;
    assert_eq!(titles(&app, &owner).await[0], "Update approved");

    // A rejected one too, with the reason.
    let (_, update) = app
        .post_json_as(
            &owner,
            &format!("/api/me/groups/{group_id}/post"),
            &json!({"title": "Draft numbers", "text": "<p>Too early</p>"}),
        )
        .await;
    app.post_json_as(
        &staff,
        &format!("/api/staff/group-updates/{}/reject", update["data"]["id"]),
        &json!({"reason": "Please cite the source"}),
    )
    .await;
    let latest = notifications(&app, &owner).await[0].clone();
    assert_eq!(latest["title"], "Update not approved");
    assert!(
        latest["message"]
            .as_str()
            .unwrap()
            .ends_with("was not approved. Reason: Please cite the source")
    );

    // Suspension.
    moderate(&app, &staff, group_id, "suspend").await;
    assert_eq!(titles(&app, &owner).await[0], "Working group suspended");
}

#[tokio::test]
async fn each_member_chooses_how_each_kind_reaches_them() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Choosy", &["stroke"]).await;
    // The owner wants join requests by e-mail only.
    let (_, settings) = app
        .get_json_as(&owner, "/api/me/notification-settings")
        .await;
    let mut list = settings["data"].as_array().unwrap().clone();
    for setting in &mut list {
        if setting["id"] == "join_request_received" {
            setting["enabled_delivery_methods"] = json!(["email"]);
        }
    }
    let (status, body) = app
        .put_json_as(
            &owner,
            "/api/me/notification-settings-update",
            &json!({"settings": list}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let asker = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    let (status, _) = app
        .post_json_as(
            &asker,
            &format!("/api/groups/{slug}/join-requests"),
            &json!({"message": "Hi"}),
        )
        .await;
    assert_eq!(status, 201);
    assert!(
        !titles(&app, &owner)
            .await
            .contains(&"New join request".to_owned())
    );
    let queued = feed::service::outbox::rows_to(&app.ctx, "ada@example.org")
        .await
        .unwrap();
    assert_eq!(queued.len(), 2, "the approval and the request, by e-mail");
    // The worker sends them to the mailbox.
    feed::service::outbox::process_due(&app.ctx, kernel::clock::now())
        .await
        .unwrap();
    let mail = app.last_mail_to("ada@example.org").await;
    assert_eq!(mail.subject, "New join request");
    assert!(
        mail.text.contains("asked to join Choosy")
            && mail.text.contains(&format!("/working-groups/{slug}"))
    );
}

/// Issue 49 §2: the notifications page reads a member's whole history by kind, unread first,
/// and marks one read or unread again; nobody else's notification can be touched.
#[tokio::test]
async fn a_member_filters_their_notifications_and_marks_one_read_or_unread() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Inbox", &["stroke"]).await;
    let asker = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    join(&app, &owner, &slug, &asker).await;

    let (status, body) = app
        .get_json_as(&owner, "/api/me/notifications?kind=join_request_received")
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"][0]["title"], "New join request");
    assert_eq!(body["data"][0]["kind"], "join_request_received");
    let (status, body) = app
        .get_json_as(&owner, "/api/me/notifications?kind=bogus")
        .await;
    assert_eq!(status, 400);
    assert!(
        body["messages"]["kind"][0]
            .as_str()
            .unwrap()
            .starts_with("Choose one of:")
    );

    // All read, then the older one unread again: it comes first when unread come first.
    app.post_json_as(&owner, "/api/me/notifications/read", &json!({}))
        .await;
    let approved = notifications(&app, &owner).await[1].clone();
    assert_eq!(approved["title"], "Working group approved");
    let id = approved["id"].as_i64().unwrap();
    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/me/notifications/{id}/unread"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["unread_notification_count"], 1);
    assert_eq!(unread(&app, &owner).await, 1);
    assert_eq!(
        titles(&app, &owner).await,
        ["New join request", "Working group approved"]
    );
    let (_, body) = app
        .get_json_as(&owner, "/api/me/notifications?unread_first=true")
        .await;
    let order: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["Working group approved", "New join request"]);
    assert!(body["data"][0]["read_at"].is_null());

    // Another member's notification is not found for them, and stays as it was.
    for action in ["read", "unread"] {
        let (status, _) = app
            .post_json_as(
                &asker,
                &format!("/api/me/notifications/{id}/{action}"),
                &json!({}),
            )
            .await;
        assert_eq!(status, 404, "{action}");
    }
    let (status, _) = app
        .post_json(&format!("/api/me/notifications/{id}/read"), &json!({}))
        .await;
    assert_eq!(status, 401);
    assert_eq!(unread(&app, &owner).await, 1);

    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/me/notifications/{id}/read"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["unread_notification_count"], 0);

    // Read, unread and "mark all" fired at once: each lands whole, and the bell counts what
    // the rows say, whichever came last.
    let read = format!("/api/me/notifications/{id}/read");
    let unread_path = format!("/api/me/notifications/{id}/unread");
    let empty = json!({});
    let requests = (0..9).map(|i| {
        let target = match i % 3 {
            0 => read.as_str(),
            1 => unread_path.as_str(),
            _ => "/api/me/notifications/read",
        };
        app.post_json_as(&owner, target, &empty)
    });
    for (status, body) in futures_util::future::join_all(requests).await {
        assert_eq!(status, 200, "{body}");
    }
    let rows = notifications(&app, &owner).await;
    let unread_rows = rows.iter().filter(|n| n["read_at"].is_null()).count();
    assert_eq!(
        unread(&app, &owner).await,
        i64::try_from(unread_rows).unwrap()
    );
    assert!(
        unread_rows <= 1,
        "only the one marked unread can be: {rows:?}"
    );
}
