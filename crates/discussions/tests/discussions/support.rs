use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, join, setup};

/// A group with its owner, a member and a signed-in outsider.
pub struct Scene {
    pub app: TestApp,
    pub owner: String,
    pub member: String,
    pub outsider: String,
    pub group_id: i64,
    pub slug: String,
}

impl Scene {
    pub async fn new() -> Self {
        let (app, staff, owner) = setup().await;
        let (group_id, slug) =
            approved_group(&app, &owner, &staff, "Stroke talk", &["stroke"]).await;
        let member = app
            .signed_in_user("bo@example.org", "analytical 1843")
            .await;
        join(&app, &owner, &slug, &member).await;
        let outsider = app
            .signed_in_user("cy@example.org", "analytical 1843")
            .await;
        Self {
            app,
            owner,
            member,
            outsider,
            group_id,
            slug,
        }
    }

    pub fn topics(&self) -> String {
        format!("/api/groups/{}/discussions", self.group_id)
    }

    /// Starts a topic as `token`; returns its body.
    pub async fn topic(&self, token: &str, text: &str) -> Value {
        let (status, body) = self
            .app
            .post_json_as(token, &self.topics(), &json!({"text": text}))
            .await;
        assert_eq!(status, 201, "{body}");
        body["data"].clone()
    }

    /// Starts a private (members only) topic as `token`; returns its id.
    pub async fn private_topic(&self, token: &str, text: &str) -> i64 {
        let (status, body) = self
            .app
            .post_json_as(
                token,
                &self.topics(),
                &json!({"text": text, "is_public": false}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        body["data"]["id"].as_i64().unwrap()
    }

    /// Replies in `topic` as `token`, answering `parent`; returns its body.
    pub async fn reply(&self, token: &str, topic: i64, text: &str, parent: Option<i64>) -> Value {
        let mut form = reqwest::multipart::Form::new().text("text", text.to_owned());
        if let Some(parent) = parent {
            form = form.text("parent", parent.to_string());
        }
        let (status, body) = self
            .send_form(
                reqwest::Method::POST,
                token,
                &format!("/api/discussion/{topic}/comments"),
                form,
            )
            .await;
        assert_eq!(status, 201, "{body}");
        body["data"].clone()
    }

    /// Sends a multipart form with a bearer token.
    pub async fn send_form(
        &self,
        method: reqwest::Method,
        token: &str,
        path: &str,
        form: reqwest::multipart::Form,
    ) -> (u16, Value) {
        testkit::read(
            self.app
                .client
                .request(method, self.app.url(path))
                .bearer_auth(token)
                .multipart(form)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    /// The group's comment count.
    pub async fn comments(&self) -> i64 {
        let (_, body) = self
            .app
            .get_json(&format!("/api/groups/{}", self.slug))
            .await;
        body["data"]["comments"].as_i64().unwrap()
    }
}

/// A file part for a multipart form.
pub fn file(name: &str, bytes: Vec<u8>) -> reqwest::multipart::Part {
    reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned())
}

pub const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

/// The titles of `token`'s notifications, newest first.
pub async fn titles(scene: &Scene, token: &str) -> Vec<String> {
    let (status, body) = scene.app.get_json_as(token, "/api/me/notifications").await;
    assert_eq!(status, 200, "{body}");
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap().to_owned())
        .collect()
}
