use serde_json::json;
use testkit::projects::{draft, live, make_eligible};
use testkit::spawn_app;

const PASSWORD: &str = "trial design 21";

#[tokio::test]
async fn members_discuss_a_live_project_and_nobody_a_draft() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    let member = app.signed_in_user("member@example.org", PASSWORD).await;
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let slug = live(&app, &owner, &staff, "Early sepsis").await;
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    let id = page["data"]["id"].as_i64().unwrap();
    let topics = format!("/api/projects/{id}/discussions");

    let (status, body) = app.get_json(&topics).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["permissions"]["can_create_discussion"], false,
        "visitors read"
    );
    let (status, body) = app
        .post_json_as(
            &member,
            &topics,
            &json!({"text": "<p>How are children recruited?</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let topic = body["data"]["id"].as_i64().unwrap();
    // The owner hears of it; the feed shows it as a project event.
    let (_, notes) = app.get_json_as(&owner, "/api/me/notifications").await;
    let note = &notes["data"][0];
    assert_eq!(note["title"], "New discussion in Early sepsis");
    assert_eq!(note["in_app_route"], "/project/early-sepsis");
    assert_eq!(note["content_type"], "project");
    let (_, feed) = app.get_json_as(&owner, "/api/feed").await;
    assert!(
        feed["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|item| item["event_type"] == "PROJECT_DISCUSSION_CREATED"),
        "{feed}"
    );
    let (status, _) = app
        .post_json_as(
            &owner,
            &format!("/api/discussion/{topic}/comments"),
            &json!({"text": "<p>In three emergency rooms.</p>"}),
        )
        .await;
    assert_eq!(status, 201);
    // The prize counts the member's comment, not the owner's answer, and each member once.
    app.post_json_as(
        &member,
        &format!("/api/discussion/{topic}/comments"),
        &json!({"text": "<p>Thanks!</p>"}),
    )
    .await;
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    assert_eq!(
        page["data"]["prize"],
        json!({
            "raised_cents": 0, "raised_target_cents": 100_000,
            "commenters": 1, "commenters_target": 10,
            "favorites": 0, "favorites_target": 25,
            "eligible": false,
        })
    );
    let (_, listed) = app.get_json_as(&member, &topics).await;
    assert_eq!(
        listed["data"][0]["text"],
        "<p>How are children recruited?</p>"
    );
    assert_eq!(listed["permissions"]["can_create_discussion"], true);
    let (status, _) = app
        .post_json(&topics, &json!({"text": "<p>Anonymous</p>"}))
        .await;
    assert_eq!(status, 401);

    // A draft has no discussion for anyone, its owner included.
    let hidden = draft(&app, &owner, "Unfinished").await["id"]
        .as_i64()
        .unwrap();
    let drafts = format!("/api/projects/{hidden}/discussions");
    let (status, _) = app.get_json_as(&owner, &drafts).await;
    assert_eq!(status, 404);
    let (status, _) = app
        .post_json_as(&member, &drafts, &json!({"text": "<p>Early?</p>"}))
        .await;
    assert_eq!(status, 404);
}
