//! `just bench`'s live-channel benchmark: against a running `cohort serve` in development
//! mode (rate limits and the captcha off; the staff account `BENCH_ADMIN_EMAIL` /
//! `BENCH_ADMIN_PASSWORD` reads the dev mailbox), it signs up N members (or, with
//! `BENCH_MEMBER_PASSWORD`, signs in the first N members of `cohort seed --scale large`),
//! makes them members of one working group,
//! connects each to `/ws/notifications`, then starts a topic there and measures how long
//! each member's notification takes to arrive. Prints connections held, deliveries and
//! latency percentiles.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

const PASSWORD: &str = "bench password 1";

struct Api {
    base: String,
    http: reqwest::Client,
    /// A staff session: the dev mailbox answers only staff.
    staff: String,
}

impl Api {
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Value {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request");
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{path}: {status} {body}");
        body
    }

    /// Signs in an existing member.
    async fn signed_in(&self, email: &str, password: &str) -> (i64, String) {
        let login = self
            .call(
                reqwest::Method::POST,
                "/api/login",
                None,
                Some(json!({"email": email, "password": password})),
            )
            .await;
        let access = login["data"]["access"].as_str().unwrap().to_owned();
        let me = self
            .call(reqwest::Method::GET, "/api/me", Some(&access), None)
            .await;
        (me["data"]["id"].as_i64().unwrap(), access)
    }

    async fn member(&self, email: String) -> (i64, String) {
        let email = email.as_str();
        self.call(
            reqwest::Method::POST,
            "/api/register",
            None,
            Some(json!({"name": "Bench Member", "email": email, "password": PASSWORD, "captcha": "off"})),
        )
        .await;
        let mails = self
            .call(
                reqwest::Method::GET,
                "/api/dev/mailbox?perPage=100",
                Some(&self.staff),
                None,
            )
            .await;
        let text = mails["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["to"] == email)
            .unwrap()["text"]
            .as_str()
            .unwrap()
            .to_owned();
        let token = text
            .split("token=")
            .nth(1)
            .unwrap()
            .split(|c: char| c == '&' || c.is_whitespace())
            .next()
            .unwrap();
        self.call(
            reqwest::Method::POST,
            "/api/confirm-user",
            None,
            Some(json!({"token": token})),
        )
        .await;
        self.signed_in(email, PASSWORD).await
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads `socket` (answering the server's pings) and reports when the topic's
/// notification arrived (`None` if the socket closed first); then holds it open, still
/// reading, until `done` fires, so the server's memory is measured with every socket held.
async fn read_until_notified(
    mut socket: Socket,
    arrived: tokio::sync::mpsc::UnboundedSender<Option<Instant>>,
    mut done: tokio::sync::watch::Receiver<bool>,
) {
    let mut reported = false;
    loop {
        tokio::select! {
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) if !reported && text.contains("New discussion") => {
                    let _ = arrived.send(Some(Instant::now()));
                    reported = true;
                }
                Some(Ok(_)) => {}
                _ => break,
            },
            _ = done.wait_for(|done| *done) => return,
        }
    }
    if !reported {
        let _ = arrived.send(None);
    }
}

/// The resident memory of the process `BENCH_SERVER_PID` (the server's), in MB.
fn server_rss_mb() -> Option<f64> {
    let pid = std::env::var("BENCH_SERVER_PID").ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

#[tokio::main]
async fn main() {
    let base = std::env::var("BENCH_URL").unwrap_or_else(|_| "http://127.0.0.1:18090".into());
    let members: usize = std::env::var("BENCH_MEMBERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let mut api = Api {
        base: base.clone(),
        http: reqwest::Client::new(),
        staff: String::new(),
    };
    let run = std::process::id();
    let email = std::env::var("BENCH_ADMIN_EMAIL").expect("BENCH_ADMIN_EMAIL");
    let password = std::env::var("BENCH_ADMIN_PASSWORD").expect("BENCH_ADMIN_PASSWORD");
    let admin = api
        .call(
            reqwest::Method::POST,
            "/api/login",
            None,
            Some(json!({"email": email, "password": password})),
        )
        .await["data"]["access"]
        .as_str()
        .unwrap()
        .to_owned();
    api.staff = admin.clone();

    let existing = std::env::var("BENCH_MEMBER_PASSWORD").ok();
    // With scale members, every member may be among those connected: the admin owns the group.
    let owner = match existing {
        Some(_) => admin.clone(),
        None => api.member(format!("owner.{run}@bench.example")).await.1,
    };
    let tags = api
        .call(reqwest::Method::GET, "/api/groups/tags", None, None)
        .await;
    let goals = api
        .call(
            reqwest::Method::GET,
            "/api/groups/goals-of-working-group",
            None,
            None,
        )
        .await;
    let group = api
        .call(
            reqwest::Method::POST,
            "/api/me/groups",
            Some(&owner),
            Some(json!({"title": format!("Bench group {run}"), "summary": "<p>Benchmark</p>", "tags": [tags["data"][0]["id"]]})),
        )
        .await["data"]
        .clone();
    let id = group["id"].as_i64().unwrap();
    let slug = group["slug"].as_str().unwrap().to_owned();
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(testkit::pictures::jpeg(640, 400)).file_name("g.jpg"),
    );
    let uploaded = api
        .http
        .post(format!("{base}/api/me/groups/{id}/set-image"))
        .bearer_auth(&owner)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert!(uploaded.status().is_success());
    api.call(
        reqwest::Method::PATCH,
        &format!("/api/me/groups/{id}"),
        Some(&owner),
        Some(json!({"goals_of_working_group": [goals["data"][0]["id"]], "industry_partner_likely": "no", "member_obligations": "<p>Bench</p>"})),
    )
    .await;
    api.call(
        reqwest::Method::POST,
        &format!("/api/staff/groups/{id}/approve"),
        Some(&admin),
        Some(json!({})),
    )
    .await;

    println!("signing in {members} members…");
    let mut tokens = Vec::with_capacity(members);
    for chunk in (0..members).collect::<Vec<_>>().chunks(16) {
        let made = futures_util::future::join_all(chunk.iter().map(|i| {
            let existing = existing.clone();
            let api = &api;
            async move {
                match existing {
                    Some(password) => {
                        api.signed_in(&format!("scale-{}@bench.cohort.local", i + 1), &password)
                            .await
                    }
                    None => api.member(format!("m{i}.{run}@bench.example")).await,
                }
            }
        }))
        .await;
        tokens.extend(made);
    }
    for (_, token) in &tokens {
        api.call(
            reqwest::Method::POST,
            &format!("/api/groups/{slug}/join-requests"),
            Some(token),
            Some(json!({"message": "bench"})),
        )
        .await;
    }
    let requests = api
        .call(
            reqwest::Method::GET,
            &format!("/api/groups/{slug}/join-requests"),
            Some(&owner),
            None,
        )
        .await;
    for request in requests["data"].as_array().unwrap() {
        api.call(
            reqwest::Method::POST,
            &format!("/api/groups/{slug}/join-requests/{}/accept", request["id"]),
            Some(&owner),
            None,
        )
        .await;
    }

    println!("connecting {members} live channels…");
    // Each socket is read from the moment it opens, as a browser does: the server pings
    // every 10 s and closes a socket that has not answered for 30 s, and connecting ten
    // thousand takes longer than that. A reader reports when its notification arrived.
    let ws_base = base.replace("http://", "ws://");
    let (arrived, mut arrivals) = tokio::sync::mpsc::unbounded_channel::<Option<Instant>>();
    let (done, held) = tokio::sync::watch::channel(false);
    for chunk in tokens.chunks(16) {
        let opened = futures_util::future::join_all(chunk.iter().map(|(_, token)| {
            let (api, ws_base) = (&api, &ws_base);
            async move {
                let ticket = api
                    .call(reqwest::Method::POST, "/api/live/ticket", Some(token), None)
                    .await["data"]["ticket"]
                    .as_str()
                    .unwrap()
                    .to_owned();
                tokio_tungstenite::connect_async(format!(
                    "{ws_base}/ws/notifications?ticket={ticket}"
                ))
                .await
                .expect("connect")
                .0
            }
        }))
        .await;
        for socket in opened {
            tokio::spawn(read_until_notified(socket, arrived.clone(), held.clone()));
        }
    }
    drop(arrived);
    println!("live connections held: {members}");
    tokio::time::sleep(Duration::from_secs(2)).await;
    let idle_rss = server_rss_mb();

    let started = Instant::now();
    api.call(
        reqwest::Method::POST,
        &format!("/api/groups/{id}/discussions"),
        Some(&owner),
        Some(json!({"text": "<p>Benchmark topic</p>"})),
    )
    .await;
    let posted = started.elapsed();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    let mut latencies = Vec::with_capacity(members);
    let mut closed = 0;
    while let Ok(Some(arrival)) = tokio::time::timeout_at(deadline, arrivals.recv()).await {
        match arrival {
            Some(at) => latencies.push(at.duration_since(started)),
            None => closed += 1,
        }
        if latencies.len() + closed == members {
            break;
        }
    }
    if closed > 0 {
        println!("{closed} sockets closed before their notification");
    }
    // The e-mails are queued after the push: measure once the fan-out is over, with every
    // socket still open.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let fanned_out_rss = server_rss_mb();
    let _ = done.send(true);
    if let (Some(idle), Some(after)) = (idle_rss, fanned_out_rss) {
        println!(
            "server memory with {members} sockets held: {idle:.0} MB before the topic, {after:.0} MB after its fan-out"
        );
    }
    latencies.sort();
    println!(
        "delivered {}/{members} notifications (the topic's answer came after {posted:?}); first {:?}, p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        latencies.first().copied().unwrap_or_default(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or_default()
    );
}
