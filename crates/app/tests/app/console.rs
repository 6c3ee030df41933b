use reqwest::Method;
use serde_json::json;
use testkit::groups;
use testkit::staff::{assert_hidden, roles};

#[tokio::test]
async fn the_console_home_counts_what_waits_and_the_log_names_who_did_what() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    for path in [
        "/api/staff/overview",
        "/api/staff/audit",
        "/api/staff/audit/actions",
    ] {
        assert_hidden(&app, &r, Method::GET, path, None).await;
    }
    let (status, body) = app.get_json_as(&r.moderator, "/api/staff/overview").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!({"role": "moderator", "groups_waiting": 0, "group_updates_waiting": 0,
               "affiliations_waiting": 0, "contact_messages_open": 0, "update_signups": 0})
    );

    let group = groups::draft(&app, &r.member, "Long COVID registry", &["stroke"]).await;
    let id = group["id"].as_i64().unwrap();
    groups::submit(&app, &r.member, id).await;
    app.post_json(
        "/api/contact-us",
        &json!({"name": "Grace", "email": "grace@example.org", "text": "Hello"}),
    )
    .await;
    app.post_json(
        "/api/updates-signup",
        &json!({"full_name": "Eve", "email": "eve@example.org", "message": "News", "consent": true}),
    )
    .await;
    let (_, body) = app.get_json_as(&r.admin, "/api/staff/overview").await;
    assert_eq!(body["data"]["role"], "admin");
    assert_eq!(body["data"]["groups_waiting"], 1);
    assert_eq!(body["data"]["contact_messages_open"], 1);
    assert_eq!(body["data"]["update_signups"], 1);

    let (status, body) = groups::moderate(&app, &r.moderator, id, "approve").await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = app.get_json_as(&r.admin, "/api/staff/overview").await;
    assert_eq!(body["data"]["groups_waiting"], 0);

    // The log: newest first, with who acted, filtered by action family or exact action.
    let (_, log) = app.get_json_as(&r.admin, "/api/staff/audit").await;
    let first = &log["data"][0];
    assert_eq!(first["action"], "group.approve");
    assert_eq!(
        first["actor_name"], "Test Member",
        "the moderator signed up as a member"
    );
    assert_eq!(first["subject_id"], id.to_string());
    assert_eq!(first["before"]["approved_status"], "waiting_for_approval");
    assert_eq!(first["after"]["approved_status"], "approved");
    assert_eq!(log["data"][1]["action"], "user.grant_role");
    let (_, log) = app
        .get_json_as(&r.admin, "/api/staff/audit?action=user")
        .await;
    assert_eq!(log["pagination"]["count"], 1);
    let (_, log) = app
        .get_json_as(&r.admin, "/api/staff/audit?action=group.reject")
        .await;
    assert_eq!(log["pagination"]["count"], 0);
    let (_, log) = app
        .get_json_as(
            &r.admin,
            &format!("/api/staff/audit?actor_id={}", r.moderator_id),
        )
        .await;
    assert_eq!(log["pagination"]["count"], 1);
    let (_, actions) = app.get_json_as(&r.admin, "/api/staff/audit/actions").await;
    assert_eq!(actions["data"], json!(["group.approve", "user.grant_role"]));
}
