//! Issue 22, item 4: two instances on one PostgreSQL and one Redis behind Debian's nginx,
//! configured with the README's `deploy/nginx/cohort-proxy.conf` as it is. Through the
//! proxy: a session made on one instance works on the other, a live socket hears of what
//! was done on the other instance, the client's address is the proxy's peer whatever it
//! claims, and uploads and downloads go through, to and from one S3 bucket (moto) the
//! instances share. Runs when `TEST_DATABASE_URL`, `REDIS_URL` and nginx are there (as in CI).

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::approved_group;
use testkit::nginx::Nginx;
use testkit::pictures::jpeg;
use tokio_tungstenite::tungstenite::Message;

/// nginx on a free loopback port in front of `instances`, with the README's proxy
/// configuration; stopped when dropped.
fn proxy(instances: &[&TestApp]) -> Option<Nginx> {
    let servers: String = instances
        .iter()
        .map(|app| format!("server {};\n", app.address.trim_start_matches("http://")))
        .collect();
    let proxy = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx/cohort-proxy.conf");
    Nginx::start(|port, _| {
        format!(
            "upstream cohort {{ {servers} }}\n\
             server {{\n\
               listen 127.0.0.1:{port};\n\
               # For the test only: which instance answered.\n\
               add_header X-Upstream $upstream_addr always;\n\
               include {proxy};\n\
             }}\n",
            proxy = proxy.display()
        )
    })
}

fn upstream(response: &reqwest::Response) -> String {
    response.headers()["x-upstream"]
        .to_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn two_instances_behind_nginx_serve_as_one() {
    let secret = "a shared key for both instances, at least 32 bytes";
    let moto = testkit::moto::start().await;
    let media = moto.bucket("cohort-media", "media").await;
    let Some((first, second)) = testkit::spawn_two_instances_with(|config| {
        config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
        config.rate_limits = true;
        config.rate_limit_per_minute = 5;
        // One deployment: one key, one media store (an S3 bucket; each instance has its
        // own data dir).
        config.secret_key = Some(secret.to_owned());
        config.object_storage = Some(media.clone());
    })
    .await
    else {
        return;
    };
    let Some(nginx) = proxy(&[&first, &second]) else {
        eprintln!("skipped: nginx is not installed");
        return;
    };
    let client = reqwest::Client::new();

    // Signed in through the proxy on one instance, the session works on both.
    first
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let token = crate::cli::sign_in(
        &client,
        &nginx.url(""),
        "ada@example.org",
        "analytical 1843",
    )
    .await;
    let mut answered_by = BTreeSet::new();
    for _ in 0..4 {
        let me = client
            .get(nginx.url("/api/me"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        answered_by.insert(upstream(&me));
        assert_eq!(me.status(), 200);
    }
    assert_eq!(
        answered_by.len(),
        2,
        "both instances answered: {answered_by:?}"
    );

    // An upload through the proxy, downloaded through it from either instance.
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(jpeg(900, 900)).file_name("me.jpg"),
    );
    let uploaded: Value = client
        .post(nginx.url("/api/me/set-avatar"))
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let avatar = uploaded["data"]["url"]
        .as_str()
        .expect("the avatar's address")
        .to_owned();
    let path = avatar
        .trim_start_matches(&first.ctx.config.public_url)
        .to_owned();
    let mut served_by = BTreeSet::new();
    for _ in 0..4 {
        let file = client.get(nginx.url(&path)).send().await.unwrap();
        served_by.insert(upstream(&file));
        assert_eq!(file.status(), 200);
        assert!(file.bytes().await.unwrap().len() > 1000);
    }
    assert_eq!(served_by.len(), 2);

    // A live socket through the proxy hears of a join request made on the other instance.
    let staff = first
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let (_, slug) = approved_group(&first, &token, &staff, "Behind nginx", &["stroke"]).await;
    let ticket: Value = client
        .post(nginx.url("/api/live/ticket"))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let ticket = ticket["data"]["ticket"].as_str().unwrap();
    let socket_url = nginx
        .url(&format!("/ws/notifications?ticket={ticket}"))
        .replace("http://", "ws://");
    let (mut socket, handshake) = tokio_tungstenite::connect_async(socket_url).await.unwrap();
    let socket_on = handshake.headers()["x-upstream"]
        .to_str()
        .unwrap()
        .to_owned();
    let other = if first.address.ends_with(&socket_on) {
        &second
    } else {
        &first
    };
    assert!(!other.address.ends_with(&socket_on));
    let asker = other
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    let (status, _) = other
        .post_json_as(
            &asker,
            &format!("/api/groups/{slug}/join-requests"),
            &json!({"message": "Hello through the other instance"}),
        )
        .await;
    assert_eq!(status, 201);
    let pushed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    break serde_json::from_str::<Value>(&text).unwrap();
                }
                Some(Ok(_)) => continue,
                other => panic!("the socket ended: {other:?}"),
            }
        }
    })
    .await
    .expect("the notification, through Redis and nginx");
    assert_eq!(pushed["title"], "New join request");

    // The client's address is the proxy's peer: a forged X-Forwarded-For changes nothing,
    // so sign-ups claiming five addresses use one quota of five, on both instances.
    let sign_up = |n: u32| {
        client
            .post(nginx.url("/api/updates-signup"))
            .header("X-Forwarded-For", format!("198.51.100.{n}"))
            .json(
                &json!({"full_name": "Someone", "email": format!("news{n}@example.org"),
                          "message": "Keep me posted.", "consent": true}),
            )
            .send()
    };
    for n in 0..5 {
        assert_eq!(sign_up(n).await.unwrap().status(), 201, "sign-up {n}");
    }
    assert_eq!(sign_up(200).await.unwrap().status(), 429);

    // Metrics stay off the public proxy.
    assert_eq!(
        client
            .get(nginx.url("/metrics"))
            .send()
            .await
            .unwrap()
            .status(),
        403
    );
}

/// A proxy keeps idle upstream connections open (nginx: 60 s) and reuses them; the instance
/// must not close one first, or a request sent on it at that moment fails. Here the same
/// connection answers again after lying idle longer than actix's default 5 s.
#[tokio::test]
async fn an_idle_connection_stays_open_for_the_proxy_to_reuse() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let app = testkit::spawn_app().await;
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut connection = tokio::net::TcpStream::connect(&address).await.unwrap();
    let request = format!("GET /api/health/live HTTP/1.1\r\nHost: {address}\r\n\r\n");
    for round in 0..2 {
        if round == 1 {
            tokio::time::sleep(std::time::Duration::from_secs(7)).await;
        }
        connection.write_all(request.as_bytes()).await.unwrap();
        let mut answer = vec![0; 4096];
        let read = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            connection.read(&mut answer),
        )
        .await
        .expect("an answer")
        .unwrap();
        let answer = String::from_utf8_lossy(&answer[..read]);
        assert!(
            answer.starts_with("HTTP/1.1 200"),
            "round {round}: {answer:?} (the connection was closed while idle)"
        );
    }
}
