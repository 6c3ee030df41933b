use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, join, setup};

/// Every member's password here (the groups factory's).
const PASSWORD: &str = "analytical 1843";

/// Ada owns a working group Bo belongs to; Cy belongs to none; staff moderate.
pub struct Scene {
    pub app: TestApp,
    pub staff: String,
    pub ada: String,
    pub bo: String,
    pub cy: String,
    pub ada_id: i64,
    pub bo_id: i64,
    pub cy_id: i64,
}

impl Scene {
    pub async fn new() -> Self {
        let (app, staff, ada) = setup().await;
        let (_, slug) = approved_group(&app, &ada, &staff, "Stroke talk", &["stroke"]).await;
        let bo = app.signed_in_user("bo@example.org", PASSWORD).await;
        join(&app, &ada, &slug, &bo).await;
        let cy = app.signed_in_user("cy@example.org", PASSWORD).await;
        let ada_id = app.named(&ada, PASSWORD, "Ada Lovelace").await;
        let bo_id = app.named(&bo, PASSWORD, "Bo Member").await;
        let cy_id = app.named(&cy, PASSWORD, "Cy Outsider").await;
        Self {
            app,
            staff,
            ada,
            bo,
            cy,
            ada_id,
            bo_id,
            cy_id,
        }
    }

    /// `token` writes `body` to `members`: the answer.
    pub async fn write_to(&self, token: &str, members: &[i64], body: &str) -> (u16, Value) {
        self.app
            .post_json_as(
                token,
                "/api/me/conversations",
                &json!({"member_ids": members, "body": body}),
            )
            .await
    }

    /// `token` writes `body` to `members`, which must work: the message.
    pub async fn wrote_to(&self, token: &str, members: &[i64], body: &str) -> Value {
        let (status, answer) = self.write_to(token, members, body).await;
        assert_eq!(status, 201, "{answer}");
        answer["data"].clone()
    }

    /// `token` writes `body` in conversation `id`: the answer.
    pub async fn send(&self, token: &str, id: i64, body: &str) -> (u16, Value) {
        self.app
            .post_json_as(
                token,
                &format!("/api/me/conversations/{id}/messages"),
                &json!({"body": body}),
            )
            .await
    }

    pub async fn unread(&self, token: &str) -> i64 {
        self.app.me(token).await["unread_message_count"]
            .as_i64()
            .unwrap()
    }

    /// The texts of conversation `id` as `token` reads them, oldest first.
    pub async fn bodies(&self, token: &str, id: i64) -> Vec<Value> {
        let (status, page) = self
            .app
            .get_json_as(token, &format!("/api/me/conversations/{id}/messages"))
            .await;
        assert_eq!(status, 200, "{page}");
        page["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["body"].clone())
            .collect()
    }

    /// The subject and text of the newest e-mail to `to`, once its subject holds `words`
    /// (the outbox's worker sends it within moments).
    pub async fn mail_about(&self, to: &str, words: &str) -> (String, String) {
        let mut mail = self.app.last_mail_to(to).await;
        for _ in 0..50 {
            if mail.subject.contains(words) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            mail = self.app.last_mail_to(to).await;
        }
        (mail.subject, mail.text)
    }
}
