//! The `cohort` binary as an operator runs it.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub fn cohort(data_dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cohort"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("COHORT_DATA_DIR", data_dir)
        .env("COHORT_HOST", "127.0.0.1")
        .env("RUST_LOG", "warn");
    command
}

#[test]
fn a_bad_setting_stops_start_up_and_names_the_variable() {
    let dir = tempfile::tempdir().unwrap();
    let output = cohort(dir.path()).env("PORT", "eighty").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("Environment variable PORT must be a port number"),
        "{stderr}"
    );
}

#[test]
fn create_admin_validates_then_creates_and_promotes() {
    let dir = tempfile::tempdir().unwrap();
    let short = cohort(dir.path())
        .args([
            "create-admin",
            "--email",
            "ops@example.org",
            "--password",
            "short",
        ])
        .output()
        .unwrap();
    assert!(!short.status.success());
    assert!(String::from_utf8_lossy(&short.stderr).contains("at least 8 characters"));

    let created = cohort(dir.path())
        .args(["create-admin", "--email", "Ops@Example.org"])
        .env("COHORT_ADMIN_PASSWORD", "a long password")
        .output()
        .unwrap();
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    assert!(String::from_utf8_lossy(&created.stdout).contains("created"));

    let again = cohort(dir.path())
        .args([
            "create-admin",
            "--email",
            "ops@example.org",
            "--password",
            "another password",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&again.stdout).contains("is now an admin"));
}

#[test]
fn openapi_prints_the_contract_without_configuration() {
    let output = Command::new(env!("CARGO_BIN_EXE_cohort"))
        .arg("openapi")
        .env("PORT", "not even a number")
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("openapi: 3"));
}

#[test]
fn serve_seeds_prints_its_address_and_stops_gracefully_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = cohort(dir.path())
        .env("PORT", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Log lines (warnings at start-up) share stdout with what is printed for people.
    let mut lines = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .filter(|l| !l.contains("WARN"));
    let listening = lines.next().unwrap();
    assert!(
        listening.starts_with("Cohort is listening on http://localhost:"),
        "{listening}"
    );
    let printed: Vec<String> = lines.by_ref().take(3).collect();
    let admin_line = printed
        .iter()
        .find(|l| l.starts_with("Demo admin: admin@cohort.local / "))
        .unwrap_or_else(|| panic!("{printed:?}"));
    let password = admin_line
        .trim_start_matches("Demo admin: admin@cohort.local / ")
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(password.len(), 24, "a random password: {admin_line}");
    assert!(
        !printed.iter().any(|l| l.contains("Dev mailbox")),
        "no dev mailbox outside development mode: {printed:?}"
    );
    let kept = std::fs::read_to_string(dir.path().join("demo-logins.txt")).unwrap();
    assert!(kept.contains(password));

    send_signal("TERM", &child.id().to_string());
    let started = Instant::now();
    loop {
        if let Some(exit) = child.try_wait().unwrap() {
            assert!(exit.success(), "exit status {exit}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "did not stop on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    // Printed once: a second start only says where the passwords are kept.
    let mut second = cohort(dir.path())
        .env("PORT", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = second.id().to_string();
    let output = {
        let mut lines = BufReader::new(second.stdout.take().unwrap())
            .lines()
            .map(Result::unwrap)
            .filter(|l| !l.contains("WARN"));
        let first = lines.next().unwrap();
        let next = lines.next().unwrap();
        send_signal("TERM", &pid);
        format!("{first}\n{next}")
    };
    second.wait().unwrap();
    assert!(!output.contains(password), "{output}");
    assert!(output.contains("demo-logins.txt"), "{output}");
}

/// Issue 15, finding 8: the live channel took the session token in its URL and invalid
/// tokens were logged. No token, ticket or link secret reaches a log line now.
#[tokio::test]
async fn no_token_or_ticket_reaches_the_logs() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("cohort.log");
    let mut command = cohort(dir.path());
    command
        .env("RUST_LOG", "debug")
        .stderr(std::fs::File::create(&log).unwrap());
    let (mut child, lines_rx, mut seen, base) = serve_reading_stdout(command);
    let client = reqwest::Client::new();
    for path in [
        "/ws/notifications?ticket=SECRET-TICKET-111&token=SECRET-TOKEN-222",
        "/api/me?token=SECRET-TOKEN-333",
        "/forgot-password/confirm?token=SECRET-LINK-444",
    ] {
        client.get(format!("{base}{path}")).send().await.unwrap();
    }
    client
        .get(format!("{base}/api/me"))
        .bearer_auth("SECRET-BEARER-555")
        .send()
        .await
        .unwrap();
    client
        .post(format!("{base}/api/live/ticket"))
        .bearer_auth("SECRET-BEARER-666")
        .send()
        .await
        .unwrap();
    stop_and_read_the_rest(&mut child, &lines_rx, &mut seen).await;
    let logged = format!(
        "{}\n{}",
        seen.join("\n"),
        std::fs::read_to_string(&log).unwrap()
    );
    assert!(
        logged.contains("/ws/notifications"),
        "requests are logged: {logged}"
    );
    assert!(!logged.contains("SECRET"), "{logged}");
}

/// Issue 47 §10: with JSON logs, "Cohort is listening" was plain text among the JSON lines;
/// no request had an access line; and "no COHORT_SMTP_URL" was printed with a mail server
/// set (because SMS was not). Every line is JSON now, each request has its line (method,
/// route, status, latency, request id, user id), and only what is missing is named.
#[tokio::test]
async fn json_logs_are_json_throughout_with_an_access_line_per_request() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = cohort(dir.path());
    command
        .env("RUST_LOG", "info")
        .env("COHORT_LOG_FORMAT", "json")
        .env("COHORT_SMTP_URL", "smtp://127.0.0.1:2525")
        .stderr(Stdio::null());
    let (mut child, lines_rx, mut seen, base) = serve_reading_stdout(command);
    let client = reqwest::Client::new();
    client
        .get(format!("{base}/api/groups/no-such-group"))
        .send()
        .await
        .unwrap();
    stop_and_read_the_rest(&mut child, &lines_rx, &mut seen).await;
    let lines: Vec<serde_json::Value> = seen
        .iter()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let all = seen.join("\n");
    assert!(
        lines.iter().any(|l| l["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Cohort is listening"))),
        "{all}"
    );
    let access = lines
        .iter()
        .find(|l| l["message"] == "request" && l["span"]["http.route"] == "/api/groups/{slug}")
        .unwrap_or_else(|| panic!("no access line for the request:\n{all}"));
    assert_eq!(access["level"], "INFO", "{access}");
    assert_eq!(access["status"], 404, "{access}");
    assert_eq!(access["span"]["http.method"], "GET", "{access}");
    assert!(access["latency_ms"].as_f64().is_some(), "{access}");
    assert!(
        access["span"]["request_id"]
            .as_str()
            .is_some_and(|id| !id.is_empty()),
        "{access}"
    );
    assert!(
        access.get("user_id").is_none(),
        "a visitor has no user id: {access}"
    );
    assert!(!all.contains("no COHORT_SMTP_URL"), "{all}");
    assert!(all.contains("no COHORT_SMS_URL"), "{all}");
}

/// `cohort serve` as `command` sets it up, on a free port, its stdout read line by line: the
/// child, the lines still to come, those read until it listened, and its base URL.
fn serve_reading_stdout(
    mut command: Command,
) -> (
    std::process::Child,
    std::sync::mpsc::Receiver<String>,
    Vec<String>,
    String,
) {
    let mut child = command
        .env("PORT", "0")
        .env("COHORT_SEED_DEMO", "false")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines_tx, lines_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let port = loop {
        let line = lines_rx.recv_timeout(Duration::from_secs(30)).unwrap();
        seen.push(line.clone());
        if let Some(rest) = line.split("listening on http://localhost:").nth(1) {
            break rest.split(' ').next().unwrap().parse::<u16>().unwrap();
        }
    };
    (child, lines_rx, seen, format!("http://127.0.0.1:{port}"))
}

/// Lets the server log what it was asked, stops it (SIGTERM), and adds the lines it wrote
/// until then to `seen`.
async fn stop_and_read_the_rest(
    child: &mut std::process::Child,
    lines: &std::sync::mpsc::Receiver<String>,
    seen: &mut Vec<String>,
) {
    tokio::time::sleep(Duration::from_millis(300)).await;
    send_signal("TERM", &child.id().to_string());
    child.wait().unwrap();
    while let Ok(line) = lines.recv_timeout(Duration::from_millis(200)) {
        seen.push(line);
    }
}

/// Sends `signal` (`TERM`, `KILL`) to the process `pid` names.
pub fn send_signal(signal: &str, pid: &str) {
    let sent = Command::new("kill")
        .args([format!("-{signal}").as_str(), pid])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal} {pid}");
}

/// Signs in over HTTP; returns the bearer token.
pub async fn sign_in(client: &reqwest::Client, base: &str, email: &str, password: &str) -> String {
    let login: serde_json::Value = client
        .post(format!("{base}/api/login"))
        .json(&serde_json::json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    login["data"]["access"].as_str().unwrap().to_owned()
}

/// A `cohort serve` in `dir` on a free port, with its stdout lines; returns the child and
/// the base URL once it listens.
pub fn serve_in(dir: &std::path::Path, extra: &[(&str, &str)]) -> (std::process::Child, String) {
    let mut command = cohort(dir);
    command
        .env("PORT", "0")
        .env("COHORT_SEED_DEMO", "false")
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (key, value) in extra {
        command.env(key, value);
    }
    let mut child = command.spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let port = loop {
        let line = lines.next().unwrap().unwrap();
        if let Some(rest) = line.split("listening on http://localhost:").nth(1) {
            break rest.split(' ').next().unwrap().parse::<u16>().unwrap();
        }
    };
    std::thread::spawn(move || lines.for_each(drop));
    (child, format!("http://127.0.0.1:{port}"))
}

/// Issue 15, finding 12: on SIGTERM live sockets hear "going away" (1001) at once, and an
/// upload under way still finishes within the grace period.
#[tokio::test]
async fn sigterm_closes_live_sockets_at_once_and_lets_uploads_finish() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

    let dir = tempfile::tempdir().unwrap();
    let created = cohort(dir.path())
        .args([
            "create-admin",
            "--email",
            "ops@example.org",
            "--password",
            "ops password 1",
        ])
        .output()
        .unwrap();
    assert!(created.status.success());
    let (mut child, base) = serve_in(dir.path(), &[("COHORT_SHUTDOWN_GRACE", "10")]);
    let client = reqwest::Client::new();
    let token = sign_in(&client, &base, "ops@example.org", "ops password 1").await;
    let ticket: serde_json::Value = client
        .post(format!("{base}/api/live/ticket"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let ws = format!(
        "{}/ws/notifications?ticket={}",
        base.replace("http://", "ws://"),
        ticket["data"]["ticket"].as_str().unwrap()
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(ws).await.unwrap();

    // An avatar sent slowly, in chunks, so it is still arriving when SIGTERM comes.
    let picture = testkit::pictures::png(64, 64);
    let chunks: Vec<Vec<u8>> = picture
        .chunks(picture.len() / 8 + 1)
        .map(<[u8]>::to_vec)
        .collect();
    let slow = futures_util::stream::iter(chunks).then(|chunk| async move {
        tokio::time::sleep(Duration::from_millis(150)).await;
        Ok::<_, std::io::Error>(chunk)
    });
    let part =
        reqwest::multipart::Part::stream(reqwest::Body::wrap_stream(slow)).file_name("me.png");
    let upload = tokio::spawn(
        client
            .post(format!("{base}/api/me/set-avatar"))
            .bearer_auth(&token)
            .multipart(reqwest::multipart::Form::new().part("file", part))
            .send(),
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let signalled = Instant::now();
    send_signal("TERM", &child.id().to_string());

    let close = tokio::time::timeout(Duration::from_secs(2), async {
        while let Some(message) = socket.next().await {
            if let Ok(Message::Close(frame)) = message {
                return frame.map(|f| f.code);
            }
        }
        None
    })
    .await
    .expect("a close frame within 2 s");
    assert_eq!(close, Some(CloseCode::Away));
    assert!(signalled.elapsed() < Duration::from_secs(2));

    let response = upload.await.unwrap().expect("the upload's answer");
    assert_eq!(response.status().as_u16(), 200, "the upload finished");
    assert!(child.wait().unwrap().success());
}

/// `cohort funding reconcile` says the books agree, and once the processor holds a charge
/// the ledger lacks, names it and exits 1 (issue 42, finding 6).
#[tokio::test]
async fn funding_reconcile_exits_one_on_a_difference() {
    use sea_orm::ConnectionTrait;
    let dir = tempfile::tempdir().unwrap();
    let clean = cohort(dir.path())
        .args(["funding", "reconcile"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&clean.stdout);
    assert!(
        clean.status.success(),
        "{}",
        String::from_utf8_lossy(&clean.stderr)
    );
    assert!(
        stdout.contains("The processor, the ledger and the totals agree"),
        "{stdout}"
    );
    // A charge made at the test processor under a pledge's key, never recorded.
    let url = format!("sqlite://{}", dir.path().join("cohort.db").display());
    let db = sea_orm::Database::connect(&url).await.unwrap();
    db.execute_unprepared(
        "INSERT INTO test_processor_charges (id, idempotency_key, customer_id, method_id, \
         amount_cents, currency, status, failure_code, description, created_at) VALUES \
         ('ch_test_unrecorded', 'pledge-41-charge-0', 'cus_x', 'pm_x', 2500, 'cad', \
         'succeeded', NULL, 'Pledge', '2026-11-29T00:00:00Z')",
    )
    .await
    .unwrap();
    db.close().await.unwrap();
    let found = cohort(dir.path())
        .args(["funding", "reconcile"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&found.stderr);
    assert_eq!(found.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "processor: Unknown project [ch_test_unrecorded]: The processor collected a charge \
             the ledger does not have."
        ),
        "{stderr}"
    );
    assert!(stderr.contains("1 difference(s) found"), "{stderr}");
}
