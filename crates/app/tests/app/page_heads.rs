//! Issue 21 (item 12): a path that is none of the router's pages, or a record a visitor may
//! not see, was answered 200; link previews saw only "Cohort". Now the status says so, and a
//! record's page carries its own title, description and OpenGraph tags.

use testkit::{TestApp, spawn_app_with};

/// A built front end: the template as Vite leaves it and the router's pages.
fn front_end(dir: &std::path::Path) {
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><html><head><meta charset=\"UTF-8\" />\
         <meta name=\"description\" content=\"Cohort: better medicine together.\" />\
         <title>Cohort</title></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    std::fs::write(
        dir.join("paths.json"),
        serde_json::json!({ "patterns": [
            "/", "/blog/:id", "/project/:slug", "/lecture-series/:id",
            "/working-groups/list", "/working-groups/:slug", "/staff/*"
        ] })
        .to_string(),
    )
    .unwrap();
}

async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

#[tokio::test]
async fn unknown_pages_and_records_are_404_and_records_describe_themselves() {
    let site = tempfile::tempdir().unwrap();
    front_end(site.path());
    let dir = site.path().to_path_buf();
    let app = spawn_app_with(move |config| {
        config.static_dir = dir;
        config.public_url = "http://cohort.test".into();
    })
    .await;
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let (_, slug) =
        testkit::groups::approved_group(&app, &owner, &staff, "Sleep & stroke", &["stroke"]).await;

    for path in ["/", "/working-groups/list", "/staff/users/3"] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(html.contains("<title>Cohort</title>"), "{path}: {html}");
        assert!(html.contains("<div id=\"root\">"));
    }

    // None of the router's pages: the app shell (it shows "Page not found"), status 404.
    for path in [
        "/no/such/page",
        "/working-groups/list/more",
        "/working-groups/no-such-group",
        "/blog/no-such-post",
        "/project/no-such-project",
        "/lecture-series/999",
        "/lecture-series/not-a-number",
    ] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(html.contains("<div id=\"root\">"), "{path}");
        assert!(
            html.contains("<title>Cohort | Page not found</title>"),
            "{path}: {html}"
        );
    }

    // A public group: its own title and summary, escaped, for previews and search results.
    let (status, html) = page(&app, &format!("/working-groups/{slug}")).await;
    assert_eq!(status, 200);
    assert_eq!(html.matches("<title>").count(), 1, "{html}");
    assert_eq!(html.matches("name=\"description\"").count(), 1, "{html}");
    for tag in [
        "<title>Cohort | Sleep &amp; stroke</title>".to_owned(),
        "<meta property=\"og:title\" content=\"Cohort | Sleep &amp; stroke\">".to_owned(),
        "<meta property=\"og:type\" content=\"article\">".to_owned(),
        format!("<meta property=\"og:url\" content=\"http://cohort.test/working-groups/{slug}\">"),
        "<meta property=\"og:image\" content=\"http://cohort.test/media/groups/".to_owned(),
        "<meta name=\"twitter:card\" content=\"summary_large_image\">".to_owned(),
    ] {
        assert!(html.contains(&tag), "{tag} in {html}");
    }
    assert!(
        html.contains("<meta name=\"description\" content=\"All about Sleep &amp; stroke.\">"),
        "{html}"
    );
}
