//! Issue 22, item 5: what an orchestrator and Prometheus read. `/api/health/live` answers
//! while the process runs; `/api/health/ready` only when the database answers with this
//! binary's schema and storage takes a file; `/metrics` counts requests by route template.

use sea_orm::ConnectionTrait;
use serde_json::json;
use testkit::smtp::free_port;

#[tokio::test]
async fn live_and_ready_say_what_they_checked() {
    let app = testkit::spawn_app().await;
    let (status, body) = app.get_json("/api/health/live").await;
    assert_eq!((status, body), (200, json!({"data": {"status": "ok"}})));

    let (status, body) = app.get_json("/api/health/ready").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!({"status": "ok", "database": "ok", "migrations": "ok",
               "redis": "not_configured", "storage": "ok"})
    );
}

#[tokio::test]
async fn not_ready_while_storage_refuses_files_or_the_schema_is_not_this_binarys() {
    let app = testkit::spawn_app().await;
    // A file where the probe's folder would go: storage cannot write there.
    let media = app.ctx.config.data_dir.join("media");
    std::fs::write(media.join("health"), b"in the way").unwrap();
    let (status, body) = app.get_json("/api/health/ready").await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["code"], "not_ready");
    assert_eq!(body["message"], "Not ready: storage.");
    assert_eq!(body["extra"]["checks"]["storage"], "failed");
    assert_eq!(body["extra"]["checks"]["database"], "ok");
    std::fs::remove_file(media.join("health")).unwrap();
    assert_eq!(app.get_json("/api/health/ready").await.0, 200);

    // A newer version migrated the database meanwhile.
    app.ctx
        .db
        .execute_unprepared(
            "INSERT INTO seaql_migrations (version, applied_at) \
             VALUES ('m29991231_000001_from_a_newer_version', 0)",
        )
        .await
        .unwrap();
    let (status, body) = app.get_json("/api/health/ready").await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["extra"]["checks"]["migrations"], "behind");
    // Liveness does not depend on any of it.
    assert_eq!(app.get_json("/api/health/live").await.0, 200);
}

/// The value of the first sample of `text` that starts with `series`.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.trim().parse().ok())
}

#[tokio::test]
async fn metrics_count_requests_by_route_template_with_the_gauges() {
    let app = testkit::spawn_app().await;
    for slug in ["one", "two", "three"] {
        assert_eq!(app.get_json(&format!("/api/groups/{slug}")).await.0, 404);
    }
    let response = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/openmetrics-text")
    );
    let text = response.text().await.unwrap();
    let made_up = sample(
        &text,
        r#"cohort_http_requests_total{method="GET",route="/api/groups/{slug}",status="404"}"#,
    );
    // Three made-up slugs, one series (other tests in this process may add to it).
    assert!(made_up.is_some_and(|n| n >= 3.0), "{text}");
    assert!(!text.contains("route=\"/api/groups/one\""));
    assert!(sample(&text, r#"cohort_db_pool_connections{state="open"}"#).is_some_and(|n| n >= 1.0));
    assert!(sample(&text, "cohort_mail_outbox_depth").is_some());
    assert!(sample(&text, "cohort_webhook_deliveries_waiting").is_some());
    assert!(sample(&text, "cohort_live_connections").is_some());
    assert!(text.contains("cohort_http_request_duration_seconds_bucket"));
}

#[tokio::test]
async fn metrics_can_have_a_port_of_their_own() {
    let port = free_port();
    let app = testkit::spawn_app_with(|config| {
        config.metrics_addr = Some(format!("127.0.0.1:{port}").parse().unwrap());
    })
    .await;
    // Not on the main port any more: there it is a page of the front end like any other
    // unknown path (without a built front end, as here, a 503 saying so).
    let main = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_ne!(main.status(), 200);
    assert!(
        !main
            .text()
            .await
            .unwrap()
            .contains("cohort_http_requests_total")
    );
    let separate = app
        .client
        .get(format!("http://127.0.0.1:{port}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(separate.status(), 200);
    assert!(
        separate
            .text()
            .await
            .unwrap()
            .contains("cohort_http_requests_total")
    );
}

/// Issue 47 §8: with Redis away, readiness failed on every instance (a load balancer would
/// take the whole site out while each instance can count and deliver alone), and an instance
/// started meanwhile refused to start. Redis away is now `degraded`, ready all the same; the
/// instance starts without it and uses it once it is back.
#[tokio::test]
async fn redis_away_degrades_readiness_and_an_instance_starts_without_it() {
    let mut redis = testkit::redis::OwnRedis::start();
    let url = redis.url();
    redis.kill();
    let app = testkit::spawn_app_with(|config| {
        config.redis_url = Some(url.clone());
        config.rate_limits = true;
    })
    .await;
    let (status, body) = app.get_json("/api/health/ready").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "ok", "{body}");
    assert_eq!(body["data"]["redis"], "degraded", "{body}");

    redis.restart();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (status, body) = app.get_json("/api/health/ready").await;
        if body["data"]["redis"] == "ok" {
            assert_eq!(status, 200);
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "Redis is back but readiness still says {body}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    // The rate limits count in Redis again: a sign-in leaves its counter there.
    let attempt = app
        .post_json(
            "/api/login",
            &json!({"email": "nobody@example.org", "password": "wrong password"}),
        )
        .await;
    assert_eq!(attempt.0, 400, "{}", attempt.1);
    let keys = std::process::Command::new("redis-cli")
        .args(["-u", &url, "--scan", "--pattern", "*:rate:*"])
        .output()
        .expect("redis-cli (Debian's redis-tools)");
    assert!(
        !String::from_utf8_lossy(&keys.stdout).trim().is_empty(),
        "no rate-limit counter in Redis once it is back"
    );
}
