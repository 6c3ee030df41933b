use serde_json::{Value, json};
use testkit::{TestApp, spawn_app};

async fn settings(app: &TestApp, token: &str) -> Vec<Value> {
    let body: Value = app
        .client
        .get(app.url("/api/me/notification-settings"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    body["data"].as_array().unwrap().clone()
}

async fn update(app: &TestApp, token: &str, body: &Value) -> (u16, Value) {
    app.put_json_as(token, "/api/me/notification-settings-update", body)
        .await
}

#[tokio::test]
async fn every_kind_defaults_to_both_methods_and_changes_persist() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("ns@example.org", "settings pass 1")
        .await;
    let list = settings(&app, &token).await;
    assert!(list.len() >= 9);
    let reply = list.iter().find(|s| s["id"] == "reply").unwrap();
    assert_eq!(reply["delivery_methods"], json!(["in_app", "email"]));
    assert_eq!(
        reply["enabled_delivery_methods"],
        json!(["in_app", "email"])
    );
    assert_eq!(reply["is_active"], true);

    let (status, body) = update(
        &app,
        &token,
        &json!({"settings": [{"id": "reply", "enabled_delivery_methods": []}]}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["settings[0].enabled_delivery_methods"],
        json!(["Required"])
    );
    let (status, _) = update(
        &app,
        &token,
        &json!({"settings": [{"id": "nonsense", "enabled_delivery_methods": ["email"]}]}),
    )
    .await;
    assert_eq!(status, 400);

    let (status, body) = update(
        &app,
        &token,
        &json!({"settings": [{"id": "reply", "enabled_delivery_methods": ["in_app"]}, {"id": "new_topic", "is_active": false, "enabled_delivery_methods": ["email"]}]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Notification settings have been successfully updated."
    );
    let list = settings(&app, &token).await;
    let reply = list.iter().find(|s| s["id"] == "reply").unwrap();
    assert_eq!(reply["enabled_delivery_methods"], json!(["in_app"]));
    let topic = list.iter().find(|s| s["id"] == "new_topic").unwrap();
    assert_eq!(topic["is_active"], false);
}
