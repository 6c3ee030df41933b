//! localstripe (PyPI: a stateful fake Stripe server), started on a free loopback port for
//! a test and stopped when the guard drops. `just localstripe` installs it into its own
//! virtualenv; `LOCALSTRIPE_BIN` names another copy.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::process::{Running, installed};
use crate::smtp::free_port;

/// A running localstripe; killed on drop.
pub struct LocalStripe {
    _process: Running,
    pub url: String,
}

/// Starts a fresh localstripe and waits until it answers.
pub async fn start() -> LocalStripe {
    let bin = installed(
        "LOCALSTRIPE_BIN",
        "localstripe/bin/localstripe",
        "localstripe",
    );
    let port = free_port();
    let child = Command::new(&bin)
        .args(["--port", &port.to_string(), "--from-scratch"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("starting {}: {e}", bin.display()));
    let url = format!("http://127.0.0.1:{port}");
    let server = LocalStripe {
        _process: Running(child),
        url,
    };
    let client = reqwest::Client::new();
    for _ in 0..150 {
        let answered = client
            .get(format!("{}/js.stripe.com/v3/", server.url))
            .send()
            .await
            .is_ok_and(|r| r.status().is_success());
        if answered {
            return server;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("localstripe did not start on port {port}");
}

impl LocalStripe {
    /// A POST to localstripe's API as Stripe.js or a server would send it.
    pub async fn post(&self, path: &str, form: &[(&str, &str)]) -> serde_json::Value {
        let response = reqwest::Client::new()
            .post(format!("{}{path}", self.url))
            .bearer_auth("sk_test_cohort")
            .form(form)
            .send()
            .await
            .unwrap_or_else(|e| panic!("localstripe {path}: {e}"));
        response.json().await.unwrap_or_default()
    }
}
