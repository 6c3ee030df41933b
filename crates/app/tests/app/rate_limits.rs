//! Issue 21, item 10: a rate-limited answer says when to come back (`Retry-After` and the
//! IETF `RateLimit-*` fields), and the limits key on the client's address, read from the
//! forwarding headers only when the peer is a trusted proxy.

use serde_json::json;
use testkit::spawn_app_with;

/// A failed sign-in from `client` (as `X-Forwarded-For` names it), each for another account.
async fn sign_in_from(app: &testkit::TestApp, client: &str, n: usize) -> reqwest::Response {
    app.client
        .post(app.url("/api/login"))
        .header("X-Forwarded-For", client)
        .json(&json!({"email": format!("nobody{n}.{client}@example.org"), "password": "wrong password"}))
        .send()
        .await
        .unwrap()
}

fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_quota_and_hears_when_to_return() {
    let app = spawn_app_with(|config| {
        config.rate_limits = true;
        config.rate_limit_per_minute = 2;
        config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    })
    .await;
    // Issue 47 §4: every answer of a rate-limited form says where its client stands, not
    // only the 429.
    for (n, left) in [(0, "1"), (1, "0")] {
        let answered = sign_in_from(&app, "198.51.100.1", n).await;
        assert_eq!(answered.status(), 400);
        assert_eq!(header(&answered, "ratelimit-limit"), "2");
        assert_eq!(header(&answered, "ratelimit-remaining"), left);
        let reset: u64 = header(&answered, "ratelimit-reset").parse().unwrap();
        assert!((1..=60).contains(&reset), "{reset}");
    }
    // A form without a limit says nothing of one.
    let unlimited = app.client.get(app.url("/api/groups")).send().await.unwrap();
    assert_eq!(header(&unlimited, "ratelimit-limit"), "");
    let throttled = sign_in_from(&app, "198.51.100.1", 2).await;
    assert_eq!(throttled.status(), 429);
    let wait: u64 = header(&throttled, "retry-after").parse().unwrap();
    assert!(
        (1..=30).contains(&wait),
        "2 a minute: one frees within 30 s, not {wait}"
    );
    assert_eq!(header(&throttled, "ratelimit-limit"), "2");
    assert_eq!(header(&throttled, "ratelimit-remaining"), "0");
    assert_eq!(header(&throttled, "ratelimit-reset"), wait.to_string());
    let body: serde_json::Value = throttled.json().await.unwrap();
    assert_eq!(body["code"], "throttled");
    assert_eq!(body["extra"]["retry_after_seconds"], wait);
    // Another client behind the same proxy is not held back by the first.
    assert_eq!(sign_in_from(&app, "198.51.100.2", 0).await.status(), 400);
}

#[tokio::test]
async fn without_a_trusted_proxy_a_forged_forwarding_header_changes_nothing() {
    let app = spawn_app_with(|config| {
        config.rate_limits = true;
        config.rate_limit_per_minute = 2;
    })
    .await;
    for (n, forged) in ["203.0.113.1", "203.0.113.2"].into_iter().enumerate() {
        assert_eq!(sign_in_from(&app, forged, n).await.status(), 400);
    }
    assert_eq!(sign_in_from(&app, "203.0.113.3", 2).await.status(), 429);
}

/// Issue 22, item 3: with `REDIS_URL`, the instances of one deployment share each quota
/// (per-instance limits would multiply with the instance count).
#[tokio::test]
async fn instances_sharing_redis_share_each_quota() {
    let Some((first, second)) = testkit::spawn_two_instances_with(|config| {
        config.rate_limits = true;
        config.rate_limit_per_minute = 3;
        config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    })
    .await
    else {
        return;
    };
    // Three attempts from one client, spread over both instances, use the quota up...
    let counted = sign_in_from(&first, "203.0.113.7", 0).await;
    assert_eq!(counted.status(), 400);
    assert_eq!(header(&counted, "ratelimit-remaining"), "2");
    let counted = sign_in_from(&second, "203.0.113.7", 1).await;
    assert_eq!(counted.status(), 400);
    assert_eq!(
        header(&counted, "ratelimit-remaining"),
        "1",
        "the other instance counted the first attempt"
    );
    assert_eq!(sign_in_from(&first, "203.0.113.7", 2).await.status(), 400);
    // ...on either of them.
    let throttled = sign_in_from(&second, "203.0.113.7", 3).await;
    assert_eq!(throttled.status(), 429);
    let wait: u64 = header(&throttled, "retry-after").parse().unwrap();
    assert!(
        (1..=20).contains(&wait),
        "3 a minute: one frees within 20 s, not {wait}"
    );
    assert_eq!(sign_in_from(&first, "203.0.113.7", 4).await.status(), 429);
    // Another client has its own quota.
    assert_eq!(sign_in_from(&second, "203.0.113.8", 0).await.status(), 400);
    // And readiness checks the Redis they share.
    let (status, body) = first.get_json("/api/health/ready").await;
    assert_eq!((status, &body["data"]["redis"]), (200, &json!("ok")));
}

/// While Redis is away the limits still hold: each instance counts alone until it is back.
#[tokio::test]
async fn limits_hold_while_redis_is_away() {
    let mut redis = testkit::redis::OwnRedis::start();
    let url = redis.url();
    let app = spawn_app_with(|config| {
        config.redis_url = Some(url.clone());
        config.rate_limits = true;
        config.rate_limit_per_minute = 2;
        config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    })
    .await;
    assert_eq!(sign_in_from(&app, "192.0.2.10", 0).await.status(), 400);
    redis.kill();
    assert_eq!(sign_in_from(&app, "192.0.2.10", 1).await.status(), 400);
    assert_eq!(sign_in_from(&app, "192.0.2.10", 2).await.status(), 400);
    assert_eq!(sign_in_from(&app, "192.0.2.10", 3).await.status(), 429);
}
