//! Issue 15, finding 7: no security header was sent and `/login` could be framed by any
//! site. Every response now carries them; uploads never render as pages.

use testkit::spawn_app_with;

fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn pages_and_the_api_carry_the_security_headers() {
    let site = tempfile::tempdir().unwrap();
    std::fs::write(site.path().join("index.html"), "<div id=\"root\"></div>").unwrap();
    let dir = site.path().to_path_buf();
    let app = spawn_app_with(move |config| config.static_dir = dir).await;
    for path in ["/", "/login", "/api/health", "/api/no-such-thing"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        let csp = header(&response, "content-security-policy");
        for directive in [
            "frame-ancestors 'none'",
            "script-src 'self';",
            "object-src 'none'",
            "frame-src 'self' https://www.youtube.com",
        ] {
            assert!(
                csp.contains(directive),
                "{path}: {directive} missing from {csp}"
            );
        }
        assert!(
            !csp.contains("'unsafe-eval'") && !csp.contains("script-src 'self' 'unsafe-inline'")
        );
        assert_eq!(
            header(&response, "x-content-type-options"),
            "nosniff",
            "{path}"
        );
        assert_eq!(header(&response, "x-frame-options"), "DENY", "{path}");
        assert_eq!(
            header(&response, "referrer-policy"),
            "strict-origin-when-cross-origin"
        );
        assert_eq!(
            header(&response, "cross-origin-opener-policy"),
            "same-origin"
        );
        assert!(header(&response, "permissions-policy").contains("camera=()"));
        assert_eq!(
            header(&response, "strict-transport-security"),
            "",
            "not over http"
        );
    }
}

#[tokio::test]
async fn hsts_is_sent_when_the_public_address_is_https() {
    let app =
        spawn_app_with(|config| config.public_url = "https://cohort.example.org".into()).await;
    let response = app.client.get(app.url("/api/health")).send().await.unwrap();
    assert!(header(&response, "strict-transport-security").starts_with("max-age=31536000"));
    assert!(header(&response, "content-security-policy").contains("wss://cohort.example.org"));
}

#[tokio::test]
async fn uploads_show_pictures_and_videos_inline_and_download_everything_else() {
    let app = spawn_app_with(|_| {}).await;
    let media = app.ctx.config.data_dir.join("media");
    std::fs::write(media.join("picture.png"), testkit::pictures::png(8, 8)).unwrap();
    std::fs::write(media.join("paper.pdf"), b"%PDF-1.4\n%%EOF\n").unwrap();
    std::fs::write(media.join("page.html"), b"<script>alert(1)</script>").unwrap();

    let picture = app
        .client
        .get(app.url("/media/picture.png"))
        .send()
        .await
        .unwrap();
    assert_eq!(picture.status().as_u16(), 200);
    assert!(
        header(&picture, "content-disposition").starts_with("inline"),
        "pictures show in the page"
    );
    assert_eq!(header(&picture, "x-content-type-options"), "nosniff");
    // Our own pages embed our own pictures and videos (issue 43, item 12: the aspect page's
    // viewer was a black box under `DENY`); no other site frames them.
    assert_eq!(header(&picture, "x-frame-options"), "SAMEORIGIN");
    assert!(header(&picture, "content-security-policy").contains("frame-ancestors 'self'"));
    for path in ["/media/paper.pdf", "/media/page.html"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert!(
            header(&response, "content-disposition").starts_with("attachment"),
            "{path}"
        );
        let csp = header(&response, "content-security-policy");
        assert!(
            csp.contains("sandbox") && csp.contains("default-src 'none'"),
            "{path}: {csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(header(&response, "x-frame-options"), "DENY", "{path}");
    }
}

#[tokio::test]
async fn with_stripe_the_policy_lets_stripe_js_load_draw_and_call_its_api() {
    let app = spawn_app_with(|config| {
        config.payments = kernel::config::Payments::Stripe(kernel::config::StripeKeys {
            secret_key: "sk_test_1".into(),
            publishable_key: "pk_test_1".into(),
            api_url: "https://api.stripe.com".into(),
            js_url: "https://js.stripe.com/v3/".into(),
        });
    })
    .await;
    let response = app.client.get(app.url("/api/health")).send().await.unwrap();
    let csp = header(&response, "content-security-policy");
    for directive in [
        "script-src 'self' https://js.stripe.com;",
        "https://js.stripe.com https://hooks.stripe.com;",
        "connect-src 'self' ws://",
        " https://api.stripe.com;",
    ] {
        assert!(csp.contains(directive), "{directive} missing from {csp}");
    }
    // The test processor's card form is ours: no other origin is allowed.
    let plain = spawn_app_with(|_| {}).await;
    let response = plain
        .client
        .get(plain.url("/api/health"))
        .send()
        .await
        .unwrap();
    assert!(!header(&response, "content-security-policy").contains("stripe"));
}

#[tokio::test]
async fn private_api_answers_are_never_stored_and_a_visitors_public_read_revalidates() {
    let app = spawn_app_with(|_| {}).await;
    let token = app
        .signed_in_user("cache.member@example.org", "members only 2026")
        .await;
    let cache_control = |response: &reqwest::Response| header(response, "cache-control");
    let me = app
        .client
        .get(app.url("/api/me"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);
    assert_eq!(cache_control(&me), "no-store");
    // A signed-in member's view of a public list is theirs alone too.
    let groups_as_member = app
        .client
        .get(app.url("/api/groups"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(cache_control(&groups_as_member), "no-store");
    let refused = app.client.get(app.url("/api/me")).send().await.unwrap();
    assert_eq!(refused.status(), 401);
    assert_eq!(cache_control(&refused), "no-store");
    let groups = app.client.get(app.url("/api/groups")).send().await.unwrap();
    assert_eq!(cache_control(&groups), "public, no-cache");
}

/// Issue 47 §4: `HEAD` answered 404 or 405 where `GET` answered 200 (`/`, `/api/docs/`,
/// `/api/health/live`, a list). It answers as `GET` does, with its headers and no body.
#[tokio::test]
async fn head_answers_wherever_get_does_with_no_body() {
    let app = testkit::spawn_app().await;
    for path in [
        "/",
        "/api/docs/",
        "/api/health/live",
        "/api/groups",
        "/about",
    ] {
        let get = app.client.get(app.url(path)).send().await.unwrap();
        let head = app.client.head(app.url(path)).send().await.unwrap();
        assert_eq!(head.status(), get.status(), "{path}");
        assert_eq!(
            header(&head, "content-type"),
            header(&get, "content-type"),
            "{path}"
        );
        assert!(head.bytes().await.unwrap().is_empty(), "{path}: a body");
        if path.starts_with("/api/") {
            assert_eq!(get.status(), 200, "{path}");
        }
    }
    // A method a path does not take is still refused.
    let post = app
        .client
        .post(app.url("/api/health/live"))
        .send()
        .await
        .unwrap();
    assert_eq!(post.status(), 405);
}
