//! What the logs hold: a request's lines carry its id, and no personal data beyond user ids
//! (no e-mail address, name, password or client address), even when mail delivery fails.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sea_orm::ConnectionTrait;
use serde_json::json;
use testkit::smtp::{SmtpOptions, SmtpServer};

/// Every line logged, kept for the test to read.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Captured {
    type Writer = Captured;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

#[tokio::test]
async fn logs_name_requests_by_id_and_people_by_user_id_only() {
    let logged = Captured::default();
    kernel::telemetry::init_writing_to(true, logged.clone());
    // A server that refuses the first message: the failure is logged too.
    let server = SmtpServer::start_with(SmtpOptions {
        refuse: 1,
        ..SmtpOptions::default()
    })
    .await;
    let url = server.url(None);
    let app = testkit::spawn_app_with(move |config| config.smtp_url = Some(url)).await;

    let (status, body) = app
        .post_json(
            "/api/register",
            &json!({"name": "Ada Lovelace", "email": "ada.lovelace@example.org", "password": "a long password 1", "captcha": "off"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, _) = app
        .post_json(
            "/api/login",
            &json!({"email": "ada.lovelace@example.org", "password": "not the password"}),
        )
        .await;
    assert_eq!(status, 400);
    app.post_json(
        "/api/contact-us",
        &json!({"name": "Grace Hopper", "email": "grace.hopper@example.org", "text": "Hello"}),
    )
    .await;
    // A member's request: its access line names them by id.
    // (Confirmed here: the mail server of this test takes no confirmation link to follow.)
    app.ctx
        .db
        .execute_unprepared("UPDATE users SET email_confirmed = TRUE, is_active = TRUE")
        .await
        .unwrap();
    let token = app
        .sign_in("ada.lovelace@example.org", "a long password 1")
        .await;
    let member = app.me(&token).await["id"].as_i64().unwrap();
    // The refused message is retried after its backoff; the log has its failure by then.
    tokio::time::sleep(Duration::from_secs(1)).await;

    let text = String::from_utf8(logged.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("every line is one JSON object"))
        .collect();
    assert!(
        lines.iter().all(|l| l
            .get("span")
            .is_none_or(|span| span["request_id"].is_string())),
        "a request's line without its id:\n{text}"
    );
    let request = lines
        .iter()
        .find(|l| l["span"]["http.route"] == "/api/login")
        .unwrap_or_else(|| panic!("the failed sign-in was not logged:\n{text}"));
    // Its client by pseudonym, never by address.
    assert_eq!(
        request["span"]["client"].as_str().map(str::len),
        Some(12),
        "{request}"
    );
    assert!(!request.to_string().contains("127.0.0.1"), "{request}");
    // Issue 47 §10: one access line per request, with its status, latency and user id.
    let access = lines
        .iter()
        .find(|l| l["message"] == "request" && l["span"]["http.route"] == "/api/login")
        .unwrap_or_else(|| panic!("no access line for the sign-in:\n{text}"));
    assert_eq!(access["status"], 400, "{access}");
    assert!(access["latency_ms"].as_f64().is_some(), "{access}");
    assert!(
        lines.iter().any(|l| l["message"] == "request"
            && l["span"]["http.route"] == "/api/me"
            && l["user_id"] == member),
        "no access line naming the member:\n{text}"
    );
    assert!(
        text.contains("could not send a queued e-mail"),
        "the refused delivery was not logged:\n{text}"
    );
    for personal in [
        "ada.lovelace",
        "Ada Lovelace",
        "grace.hopper",
        "Grace Hopper",
        "not the password",
    ] {
        assert!(
            !text.contains(personal),
            "{personal:?} is in the logs:\n{text}"
        );
    }
}
