//! Test support shared by every crate's integration tests: the real app on a fresh
//! database (SQLite, or PostgreSQL when `TEST_DATABASE_URL` is set) and a client.
//!
//! A failure to set up is a failed test, so this crate may panic.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod database;
pub mod exports;
pub mod groups;
pub mod live;
pub mod localstripe;
pub mod moto;
pub mod nginx;
pub mod pdf;
pub mod pictures;
pub mod process;
pub mod projects;
pub mod receiver;
pub mod redis;
pub mod smtp;
pub mod staff;

use kernel::AppContext;
use kernel::config::Config;
use serde_json::Value;

pub use database::TestDatabase;

/// A running app on a random port with its own database and data dir.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub ctx: AppContext,
    _database: TestDatabase,
    _data_dir: tempfile::TempDir,
}

/// Spawns the app with test defaults.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Spawns the app after `adjust` has changed the test configuration.
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp data dir");
    let database = TestDatabase::create().await;
    let mut config = Config::from_lookup(|_| None).expect("default config");
    config.host = "127.0.0.1".into();
    config.port = 0;
    config.data_dir = data_dir.path().to_path_buf();
    config.database_url = database.url().map(str::to_owned);
    config.static_dir = data_dir.path().join("no-frontend");
    config.seed_demo = false;
    // As `just run` does: the dev mailbox exists (tests that need it gone switch it off).
    config.dev = true;
    // Tests that exercise these switch them back on.
    config.captcha = false;
    config.rate_limits = false;
    // One thread answers a test's requests (it serves them concurrently): each thread builds
    // the whole router, and a second one was some 75 ms of every unoptimised test's start.
    config.http_workers = 1;
    // Accounts are made and signed in by the thousand: hashes at argon2's smallest cost (the
    // accounts crate's unit tests hold deployments to OWASP's).
    config.password_cost = kernel::config::PasswordCost::TestsOnly;
    adjust(&mut config);
    if config.database_url.is_none() {
        database::seed_sqlite(&config.data_dir).await;
    }

    let app = app::Application::build(config).await.expect("build app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let ctx = app.context().clone();
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("http client"),
        ctx,
        _database: database,
        _data_dir: data_dir,
    }
}

/// Two instances sharing one PostgreSQL database and the Redis at `redis` (several
/// instances behind a proxy), when `TEST_DATABASE_URL` and `REDIS_URL` are set; `None`
/// otherwise (the test is skipped).
pub async fn spawn_two_instances() -> Option<(TestApp, TestApp)> {
    spawn_two_instances_with(|_| {}).await
}

/// [`spawn_two_instances`], each instance's configuration changed by `adjust` as well.
pub async fn spawn_two_instances_with(adjust: impl Fn(&mut Config)) -> Option<(TestApp, TestApp)> {
    let (Ok(_), Ok(redis)) = (
        std::env::var("TEST_DATABASE_URL"),
        std::env::var("REDIS_URL"),
    ) else {
        eprintln!("skipped: needs TEST_DATABASE_URL and REDIS_URL");
        return None;
    };
    let first = spawn_app_with(|config| {
        config.redis_url = Some(redis.clone());
        adjust(config);
    })
    .await;
    let shared = first.ctx.config.database_url.clone();
    let second = spawn_app_with(|config| {
        config.redis_url = Some(redis.clone());
        config.database_url = shared.clone();
        adjust(config);
    })
    .await;
    Some((first, second))
}

impl TestApp {
    /// Lets `by` pass for every rule that reads the time (expiries, lockouts, delays):
    /// the app's clock and the test's are one (see `kernel::clock`).
    pub fn advance(&self, by: chrono::Duration) {
        kernel::clock::advance(by);
    }

    /// Absolute URL of an API path such as `/api/health`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// GET, returning status and JSON body (Null when the body is not JSON).
    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        read(self.client.get(self.url(path)).send().await.expect("GET")).await
    }

    /// The status of a GET of `path` without credentials, as anyone holding the address
    /// would ask (a signed file link, say).
    pub async fn status_of(&self, path: &str) -> u16 {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("GET")
            .status()
            .as_u16()
    }

    /// POST a JSON body, returning status and JSON body.
    pub async fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        read(
            self.client
                .post(self.url(path))
                .json(body)
                .send()
                .await
                .expect("POST"),
        )
        .await
    }
}

impl TestApp {
    /// The newest mail to `to` in the dev mailbox.
    pub async fn last_mail_to(&self, to: &str) -> mail::dev_mailbox::MailMessage {
        let mailbox =
            mail::dev_mailbox::DevMailbox::of(&self.ctx).expect("dev mailbox is on in tests");
        let params = kernel::PageParams {
            page: Some(1),
            per_page: Some(100),
        };
        mailbox
            .list(&params)
            .await
            .expect("list mailbox")
            .data
            .into_iter()
            .find(|m| m.to == to)
            .unwrap_or_else(|| panic!("no mail to {to}"))
    }

    /// The 6-digit code in the newest SMS to `to` in the dev outbox.
    pub async fn last_sms_code_to(&self, to: &str) -> String {
        let outbox = sms::DevOutbox::of(&self.ctx).expect("dev outbox is on in tests");
        let params = kernel::PageParams {
            page: Some(1),
            per_page: Some(100),
        };
        let sms = outbox
            .list(&params)
            .await
            .expect("list outbox")
            .data
            .into_iter()
            .find(|m| m.to == to)
            .unwrap_or_else(|| panic!("no SMS to {to}"));
        sms.text
            .split(|c: char| !c.is_ascii_digit())
            .find(|word| word.len() == 6)
            .expect("a 6-digit code")
            .to_owned()
    }

    /// Factory: a member who signed up and confirmed their e-mail, signed in; returns the
    /// bearer token.
    pub async fn signed_in_user(&self, email: &str, password: &str) -> String {
        let (status, body) = self
            .post_json(
                "/api/register",
                &serde_json::json!({"name": "Test Member", "email": email, "password": password, "captcha": "off"}),
            )
            .await;
        assert_eq!(status, 201, "register {email}: {body}");
        let link = self.last_mail_to(email).await.text;
        let token = query_param(&link, "token").expect("confirmation token");
        let (status, body) = self
            .post_json("/api/confirm-user", &serde_json::json!({"token": token}))
            .await;
        assert_eq!(status, 200, "confirm {email}: {body}");
        self.sign_in(email, password).await
    }

    /// Gives the member of `token` (whose password is `password`) the name `name`, as they
    /// would on their profile; returns their id.
    pub async fn named(&self, token: &str, password: &str, name: &str) -> i64 {
        let (status, body) = self
            .patch_json_as(
                token,
                "/api/me",
                &serde_json::json!({ "name": name, "current_password": password }),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        self.me(token).await["id"].as_i64().expect("an id")
    }

    /// Factory: a platform admin (as `cohort create-admin` makes one), signed in.
    pub async fn signed_in_staff(&self, email: &str, password: &str) -> String {
        accounts::create_admin(&self.ctx.db, email, password)
            .await
            .expect("create admin");
        self.sign_in(email, password).await
    }

    /// Seeds the demo content, as `cohort seed` does; the demo accounts' passwords when
    /// this call created them.
    pub async fn seed_demo(&self) -> Option<app::cli::seed::DemoLogins> {
        app::cli::seed::run(&self.ctx)
            .await
            .expect("seed the demo content")
    }

    /// Seeds the scale data set at a hundredth of its size (`cohort seed --scale small`):
    /// 2,000 replies in 200 topics, one topic in five for its group's members only.
    pub async fn seed_scale_small(&self) {
        app::cli::scale::run(&self.ctx, app::cli::scale::Scale::Small)
            .await
            .expect("seed the scale data");
    }

    /// Signs in with e-mail and password; returns the bearer token.
    pub async fn sign_in(&self, email: &str, password: &str) -> String {
        let (status, body) = self
            .post_json(
                "/api/login",
                &serde_json::json!({"email": email, "password": password}),
            )
            .await;
        assert_eq!(status, 200, "sign in {email}: {body}");
        body["data"]["access"]
            .as_str()
            .expect("access token")
            .to_owned()
    }

    /// `data` of `GET /api/me` for `token`.
    pub async fn me(&self, token: &str) -> Value {
        let body: Value = self
            .client
            .get(self.url("/api/me"))
            .bearer_auth(token)
            .send()
            .await
            .expect("GET /api/me")
            .json()
            .await
            .expect("JSON");
        body["data"].clone()
    }

    /// Sends `method` to `path` with a bearer token and, when given, a JSON body.
    pub async fn send_as(
        &self,
        method: reqwest::Method,
        token: &str,
        path: &str,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let request = self
            .client
            .request(method, self.url(path))
            .bearer_auth(token);
        let request = match body {
            Some(body) => request.json(body),
            None => request,
        };
        read(request.send().await.expect("request")).await
    }

    /// GET with a bearer token.
    pub async fn get_json_as(&self, token: &str, path: &str) -> (u16, Value) {
        self.send_as(reqwest::Method::GET, token, path, None).await
    }

    /// POST a JSON body with a bearer token.
    pub async fn post_json_as(&self, token: &str, path: &str, body: &Value) -> (u16, Value) {
        self.send_as(reqwest::Method::POST, token, path, Some(body))
            .await
    }

    /// PUT a JSON body with a bearer token.
    pub async fn put_json_as(&self, token: &str, path: &str, body: &Value) -> (u16, Value) {
        self.send_as(reqwest::Method::PUT, token, path, Some(body))
            .await
    }

    /// DELETE with a bearer token.
    pub async fn delete_as(&self, token: &str, path: &str) -> (u16, Value) {
        self.send_as(reqwest::Method::DELETE, token, path, None)
            .await
    }

    /// PATCH a JSON body with a bearer token.
    pub async fn patch_json_as(&self, token: &str, path: &str, body: &Value) -> (u16, Value) {
        self.send_as(reqwest::Method::PATCH, token, path, Some(body))
            .await
    }
}

impl TestApp {
    /// POST a multipart form with one file under `file`, as a browser's upload would.
    pub async fn upload_as(
        &self,
        token: &str,
        path: &str,
        file_name: &str,
        bytes: Vec<u8>,
    ) -> (u16, Value) {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned());
        let form = reqwest::multipart::Form::new().part("file", part);
        read(
            self.client
                .post(self.url(path))
                .bearer_auth(token)
                .multipart(form)
                .send()
                .await
                .expect("POST multipart"),
        )
        .await
    }
}

/// The value of `name` in the first link of `text` that carries it.
pub fn query_param(text: &str, name: &str) -> Option<String> {
    let start = text.find(&format!("{name}="))? + name.len() + 1;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| c == '&' || c.is_whitespace())
        .unwrap_or(rest.len());
    Some(rest[..end].to_owned())
}

/// Status and JSON body of a response (Null when the body is not JSON).
pub async fn read(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}
