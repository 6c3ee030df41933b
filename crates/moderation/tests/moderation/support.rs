//! What the moderation tests share: a group with a member's topic, reporting, reading.

use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, join};

pub const PASSWORD: &str = "analytical 1843";

/// A group run by `owner` that `author` belongs to: (group id, slug, author's token).
pub async fn group_with_member(app: &TestApp, owner: &str, staff: &str) -> (i64, String, String) {
    let (group_id, slug) = approved_group(app, owner, staff, "Sleep lab", &["stroke"]).await;
    let author = app.signed_in_user("author@example.org", PASSWORD).await;
    join(app, owner, &slug, &author).await;
    (group_id, slug, author)
}

/// `token` starts a topic in the group; its id.
pub async fn topic(app: &TestApp, token: &str, group_id: i64, text: &str, public: bool) -> i64 {
    let (status, body) = app
        .post_json_as(
            token,
            &format!("/api/groups/{group_id}/discussions"),
            &json!({"text": format!("<p>{text}</p>"), "is_public": public}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_i64().unwrap()
}

/// `token` replies in a topic; the reply's id.
pub async fn reply(app: &TestApp, token: &str, topic_id: i64, text: &str) -> i64 {
    let response = app
        .client
        .post(app.url(&format!("/api/discussion/{topic_id}/comments")))
        .bearer_auth(token)
        .multipart(reqwest::multipart::Form::new().text("text", format!("<p>{text}</p>")))
        .send()
        .await
        .unwrap();
    let (status, body) = testkit::read(response).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_i64().unwrap()
}

/// `token` reports an item; the status and body.
pub async fn report(
    app: &TestApp,
    token: &str,
    subject_type: &str,
    id: i64,
    reason: &str,
    details: Option<&str>,
) -> (u16, Value) {
    app.post_json_as(
        token,
        "/api/reports",
        &json!({"subject_type": subject_type, "subject_id": id, "reason": reason, "details": details}),
    )
    .await
}

/// `token` acts on an item's reports.
pub async fn act(
    app: &TestApp,
    token: &str,
    subject_type: &str,
    id: i64,
    action: &str,
    reason: Option<&str>,
) -> (u16, Value) {
    app.post_json_as(
        token,
        &format!("/api/moderation/reports/{subject_type}/{id}"),
        &json!({"action": action, "reason": reason}),
    )
    .await
}

/// The group's topics as `token` (or a visitor) reads them.
pub async fn topics(app: &TestApp, token: Option<&str>, group_id: i64) -> Vec<Value> {
    let path = format!("/api/groups/{group_id}/discussions");
    let (status, body) = match token {
        Some(token) => app.get_json_as(token, &path).await,
        None => app.get_json(&path).await,
    };
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

/// The topic `id` as `token` (or a visitor) reads it.
pub async fn topic_as(app: &TestApp, token: Option<&str>, group_id: i64, id: i64) -> Value {
    topics(app, token, group_id)
        .await
        .into_iter()
        .find(|t| t["id"] == id)
        .unwrap()
}

/// The titles of `token`'s notifications, waiting a little for the feed to write them.
pub async fn notification_titles(app: &TestApp, token: &str, wanted: &str) -> Vec<String> {
    let mut titles = Vec::new();
    for _ in 0..50 {
        let (_, body) = app.get_json_as(token, "/api/me/notifications").await;
        titles = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| {
                format!(
                    "{}: {}",
                    n["title"].as_str().unwrap_or_default(),
                    n["message"].as_str().unwrap_or_default()
                )
            })
            .collect();
        if titles.iter().any(|t| t.contains(wanted)) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    titles
}
