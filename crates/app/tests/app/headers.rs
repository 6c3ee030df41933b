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
    }
}
