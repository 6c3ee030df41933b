//! localstripe (PyPI: a stateful fake Stripe server), started on a free loopback port for
//! a test and stopped when the guard drops. It runs through `scripts/localstripe_connect.py`,
//! which adds the Connect accounts, transfers and reversals localstripe lacks and honours
//! idempotency keys. `just localstripe` installs it into its own virtualenv;
//! `LOCALSTRIPE_PYTHON` names another copy's Python.

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
    let python = installed(
        "LOCALSTRIPE_PYTHON",
        "localstripe/bin/python",
        "localstripe",
    );
    let launcher = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scripts/localstripe_connect.py");
    let port = free_port();
    let child = Command::new(&python)
        .arg(&launcher)
        .args(["--port", &port.to_string(), "--from-scratch"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("starting {}: {e}", launcher.display()));
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
        post(&self.url, path, form).await
    }

    /// A GET of localstripe's API, as a server would send it.
    pub async fn get(&self, path: &str) -> serde_json::Value {
        answer(
            path,
            reqwest::Client::new().get(format!("{}{path}", self.url)),
        )
        .await
    }
}

async fn post(url: &str, path: &str, form: &[(&str, &str)]) -> serde_json::Value {
    answer(
        path,
        reqwest::Client::new()
            .post(format!("{url}{path}"))
            .form(form),
    )
    .await
}

async fn answer(path: &str, request: reqwest::RequestBuilder) -> serde_json::Value {
    let response = request
        .bearer_auth("sk_test_cohort")
        .send()
        .await
        .unwrap_or_else(|e| panic!("localstripe {path}: {e}"));
    response.json().await.unwrap_or_default()
}

/// Confirms SetupIntent `setup_id` of the localstripe at `url` with the card `number`, as
/// Stripe.js's `confirmCardSetup` does in the browser.
pub async fn confirm_setup(url: &str, setup_id: &str, number: &str) {
    let card = [
        ("type", "card"),
        ("card[number]", number),
        ("card[exp_month]", "12"),
        ("card[exp_year]", "2035"),
        ("card[cvc]", "123"),
    ];
    let method = post(url, "/v1/payment_methods", &card).await;
    let method = method["id"].as_str().expect("a payment method").to_owned();
    let confirmed = post(
        url,
        &format!("/v1/setup_intents/{setup_id}/confirm"),
        &[("payment_method", method.as_str())],
    )
    .await;
    assert_eq!(confirmed["status"], "succeeded", "{confirmed}");
}

/// Completes the Connect onboarding behind account link `link`, as the owner filling in
/// Stripe's form would (in the stand-in, opening the link does).
pub async fn onboard(link: &str) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client");
    let opened = client.get(link).send().await.expect("the onboarding link");
    assert_eq!(
        opened.status().as_u16(),
        302,
        "onboarded, sent back to Cohort"
    );
}
