//! A working group with its owner and a webhook receiver the operator allows.

use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;
use testkit::TestApp;
use testkit::groups::{approved_group, setup_with};
use testkit::receiver::{Received, Receiver};

pub struct World {
    pub app: TestApp,
    pub owner: String,
    pub group_id: i64,
    pub slug: String,
    pub receiver: Receiver,
}

impl World {
    /// `worker`: whether the app sends deliveries by itself (off: the test runs rounds).
    pub async fn new(worker: bool) -> Self {
        let receiver = Receiver::start().await;
        let origin = receiver.origin.clone();
        let (app, staff, owner) = setup_with(move |config| {
            config.outbound_allowlist = vec![origin.clone()];
            config.webhook_worker = worker;
        })
        .await;
        let (group_id, slug) =
            approved_group(&app, &owner, &staff, "Stroke registries", &["stroke"]).await;
        Self {
            app,
            owner,
            group_id,
            slug,
            receiver,
        }
    }

    /// The owner subscribes the receiver to `events` of the group; returns (id, secret).
    pub async fn group_webhook(&self, events: &[&str]) -> (i64, String) {
        let (status, body) = self
            .app
            .post_json_as(
                &self.owner,
                "/api/webhooks",
                &json!({"group_id": self.group_id, "url": self.receiver.url, "events": events}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        (
            body["data"]["webhook"]["id"].as_i64().unwrap(),
            body["data"]["secret"].as_str().unwrap().to_owned(),
        )
    }

    pub async fn deliveries(&self, token: &str, webhook: i64) -> Vec<Value> {
        let (status, body) = self
            .app
            .get_json_as(token, &format!("/api/webhooks/{webhook}/deliveries"))
            .await;
        assert_eq!(status, 200, "{body}");
        body["data"].as_array().unwrap().clone()
    }
}

/// Checks a delivery's signature as a receiver would, from the secret alone; returns its
/// body as JSON.
pub fn verified(received: &Received, secret: &str) -> Value {
    let header = &received.headers["cohort-signature"];
    let (t, v1) = header
        .split_once(",v1=")
        .map(|(t, v1)| (t.trim_start_matches("t="), v1))
        .unwrap_or_else(|| panic!("a signature header like t=…,v1=…, not {header}"));
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{}", received.body).as_bytes());
    let expected: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(v1, expected, "the signature verifies under the secret");
    let sent_at: i64 = t.parse().unwrap();
    assert!((kernel::clock::now().timestamp() - sent_at).abs() < 60);
    serde_json::from_str(&received.body).unwrap()
}
