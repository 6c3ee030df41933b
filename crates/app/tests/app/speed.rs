//! Issue 16: nothing was compressed, every visitor's read hit the database, and a page
//! fetched its screen and data only after its first scripts had run.

use std::path::Path;

use reqwest::Response;
use serde_json::json;
use testkit::{TestApp, spawn_app_with};

fn header(response: &Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

async fn get(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> Response {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

/// A built front end as Vite and `npm run build` leave it: a hashed script with its
/// precompressed copies, and the preload table.
fn front_end(dir: &Path) {
    let assets = dir.join("assets");
    std::fs::create_dir_all(&assets).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<html><head><title>Cohort</title></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    std::fs::write(assets.join("app-1.js"), "console.log('plain');".repeat(100)).unwrap();
    std::fs::write(assets.join("app-1.js.br"), b"brotli bytes").unwrap();
    std::fs::write(assets.join("app-1.js.gz"), b"gzip bytes").unwrap();
    std::fs::write(
        dir.join("preloads.json"),
        json!({
            "everyPage": { "fetch": ["/api/menus"] },
            "routes": [{
                "path": "/working-groups/{slug}",
                "except": ["list"],
                "modules": ["/assets/GroupDetailPage-1.js"],
                "fetch": ["/api/groups/{slug}"],
                "lcpImage": {
                    "read": "/api/groups/{slug}", "src": "/data/image",
                    "thumbnail": "/data/image_thumbnail", "sizes": "100vw"
                }
            }]
        })
        .to_string(),
    )
    .unwrap();
}

async fn app_with_front_end() -> (TestApp, tempfile::TempDir) {
    let site = tempfile::tempdir().unwrap();
    front_end(site.path());
    let dir = site.path().to_path_buf();
    let app = spawn_app_with(move |config| config.static_dir = dir).await;
    (app, site)
}

#[tokio::test]
async fn api_answers_are_compressed_as_the_browser_asks_when_large_enough() {
    let (app, _site) = app_with_front_end().await;
    // The OpenAPI contract is large JSON.
    for (accepts, expected) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
        let response = get(&app, "/api/openapi.json", &[("accept-encoding", accepts)]).await;
        assert_eq!(header(&response, "content-encoding"), expected, "{accepts}");
        assert!(
            header(&response, "vary")
                .to_lowercase()
                .contains("accept-encoding")
        );
    }
    let plain = get(&app, "/api/openapi.json", &[]).await;
    assert_eq!(header(&plain, "content-encoding"), "");
    // Below a kilobyte it is not worth it, but the answer still says it could vary.
    let small = get(&app, "/api/health", &[("accept-encoding", "br")]).await;
    assert_eq!(header(&small, "content-encoding"), "");
    assert!(
        header(&small, "vary")
            .to_lowercase()
            .contains("accept-encoding")
    );
}

#[tokio::test]
async fn pictures_are_sent_as_they_are() {
    let (app, _site) = app_with_front_end().await;
    let media = app.ctx.config.data_dir.join("media");
    std::fs::write(media.join("big.png"), testkit::pictures::png(300, 300)).unwrap();
    let response = get(&app, "/media/big.png", &[("accept-encoding", "br, gzip")]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-encoding"), "");
}

#[tokio::test]
async fn scripts_are_sent_precompressed() {
    let (app, _site) = app_with_front_end().await;
    let brotli = get(&app, "/assets/app-1.js", &[("accept-encoding", "gzip, br")]).await;
    assert_eq!(header(&brotli, "content-encoding"), "br");
    assert_eq!(header(&brotli, "content-type"), "text/javascript");
    assert_eq!(header(&brotli, "vary"), "Accept-Encoding");
    assert!(header(&brotli, "cache-control").contains("immutable"));
    assert_eq!(brotli.bytes().await.unwrap().as_ref(), b"brotli bytes");

    let gzip = get(&app, "/assets/app-1.js", &[("accept-encoding", "gzip")]).await;
    assert_eq!(header(&gzip, "content-encoding"), "gzip");
    assert_eq!(gzip.bytes().await.unwrap().as_ref(), b"gzip bytes");

    let plain = get(&app, "/assets/app-1.js", &[]).await;
    assert_eq!(header(&plain, "content-encoding"), "");
    assert!(plain.text().await.unwrap().starts_with("console.log"));

    let missing = get(&app, "/assets/nope.js", &[("accept-encoding", "br")]).await;
    assert_eq!(missing.status(), 404);
    let sneaky = get(&app, "/assets/..%2findex.html", &[]).await;
    assert_eq!(sneaky.status(), 404);
}

#[tokio::test]
async fn a_visitors_read_is_served_from_memory_with_an_etag_until_something_changes() {
    let (app, staff, owner) = testkit::groups::setup().await;
    let (_, slug) =
        testkit::groups::approved_group(&app, &owner, &staff, "Sleep study", &["stroke"]).await;
    let path = format!("/api/groups/{slug}");

    let first = get(&app, &path, &[]).await;
    assert_eq!(first.status(), 200);
    let etag = header(&first, "etag");
    assert!(etag.starts_with('"'), "{etag}");
    assert_eq!(header(&first, "cache-control"), "public, no-cache");
    let body: serde_json::Value = first.json().await.unwrap();
    assert_eq!(body["data"]["title"], "Sleep study");

    // The same version: 304, no body.
    let again = get(&app, &path, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status(), 304);
    assert_eq!(header(&again, "etag"), etag);

    // A member's read is never the cached one (it carries their abilities).
    let (status, mine) = app.get_json_as(&owner, &path).await;
    assert_eq!(status, 200);
    assert_eq!(mine["data"]["is_owner"], true);

    // A member joins (the owner accepts): the cached answer is stale at once.
    let members = body["data"]["members"].as_i64().unwrap();
    let member = app
        .signed_in_user("bo@example.org", "bo's password 1")
        .await;
    testkit::groups::join(&app, &owner, &slug, &member).await;
    let after = get(&app, &path, &[("if-none-match", &etag)]).await;
    assert_eq!(after.status(), 200, "a write makes the cached answer stale");
    assert_ne!(header(&after, "etag"), etag);
    let fresh: serde_json::Value = after.json().await.unwrap();
    assert_eq!(fresh["data"]["members"].as_i64().unwrap(), members + 1);
}

#[tokio::test]
async fn reads_that_differ_per_request_are_never_cached() {
    let (app, _site) = app_with_front_end().await;
    let one = get(&app, "/api/captcha", &[]).await;
    assert_eq!(header(&one, "etag"), "");
    let a: serde_json::Value = one.json().await.unwrap();
    let b: serde_json::Value = get(&app, "/api/captcha", &[]).await.json().await.unwrap();
    assert_ne!(a, b, "each visitor gets a fresh challenge");
}

#[tokio::test]
async fn a_page_names_its_screen_its_reads_and_its_picture_in_its_head() {
    let site = tempfile::tempdir().unwrap();
    front_end(site.path());
    let dir = site.path().to_path_buf();
    let app = spawn_app_with(move |config| config.static_dir = dir).await;
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let (_, slug) =
        testkit::groups::approved_group(&app, &owner, &staff, "Heart study", &["stroke"]).await;
    let page = format!("/working-groups/{slug}");

    // Nothing read yet: the page names its screen's scripts, and no reads (a member's
    // request must never get a visitor's preloaded answer).
    let cold = get(&app, &page, &[]).await.text().await.unwrap();
    assert!(cold.contains(
        "<link rel=\"modulepreload\" crossorigin href=\"/assets/GroupDetailPage-1.js\">"
    ));
    assert!(!cold.contains("as=\"fetch\""));
    assert!(!cold.contains("cohort-preloaded"));

    // Once a visitor has read them, the next page carries them and preloads the picture.
    get(&app, &format!("/api/groups/{slug}"), &[]).await;
    get(&app, "/api/menus", &[]).await;
    let warm = get(&app, &page, &[]).await.text().await.unwrap();
    let start = warm
        .find("<script type=\"application/json\" id=\"cohort-preloaded\">")
        .unwrap();
    let json = &warm[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(
        data[format!("/api/groups/{slug}")]["data"]["title"],
        "Heart study"
    );
    assert!(data["/api/menus"]["data"].is_array());
    assert!(warm.contains(
        "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/media/groups/"
    ));

    // Other pages get only what every page needs.
    let list = get(&app, "/working-groups/list", &[])
        .await
        .text()
        .await
        .unwrap();
    assert!(!list.contains("modulepreload"));
}

#[tokio::test]
async fn the_scale_seed_makes_its_rows_once_and_the_site_lists_them() {
    let app = testkit::spawn_app().await;
    let lines = app::cli::scale::run(&app.ctx, app::cli::scale::Scale::Small)
        .await
        .unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("scale-1@bench.cohort.local")),
        "{lines:?}"
    );

    let (_, groups) = app.get_json("/api/groups?perPage=1").await;
    let listed = groups["pagination"]["count"].as_u64().unwrap();
    assert!(listed >= 20, "{listed} groups");
    // The first scale group holds the long thread: many pages of replies.
    let (_, group) = app.get_json("/api/groups/scale-group-1").await;
    assert_eq!(group["data"]["members"], 6);
    let id = group["data"]["id"].as_i64().unwrap();
    let (_, topics) = app
        .get_json(&format!("/api/groups/{id}/discussions?perPage=100"))
        .await;
    let longest = topics["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["num_replies"].as_i64().unwrap())
        .max()
        .unwrap();
    assert!(longest >= 20, "longest thread {longest}");
    let (_, feed_before) = app.get_json("/api/blog/api/pages?perPage=1").await;

    // A second run adds nothing.
    app::cli::scale::run(&app.ctx, app::cli::scale::Scale::Small)
        .await
        .unwrap();
    let (_, again) = app.get_json("/api/groups?perPage=2").await;
    assert_eq!(again["pagination"]["count"].as_u64().unwrap(), listed);
    let (_, feed_after) = app.get_json("/api/blog/api/pages?perPage=3").await;
    assert_eq!(
        feed_before["pagination"]["count"],
        feed_after["pagination"]["count"]
    );
}

/// Two instances sharing PostgreSQL and Redis: a visitor's read cached on one is dropped
/// when the other writes. Runs when both are configured (as in CI).
#[tokio::test]
async fn a_write_on_one_instance_makes_the_others_cached_reads_stale() {
    let Some((first, second)) = testkit::spawn_two_instances().await else {
        return;
    };
    let staff = first
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = first
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let (_, slug) =
        testkit::groups::approved_group(&first, &owner, &staff, "Across", &["stroke"]).await;
    let path = format!("/api/groups/{slug}");
    let (_, cached) = first.get_json(&path).await;
    let members = cached["data"]["members"].as_i64().unwrap();
    let etag = header(&get(&first, &path, &[]).await, "etag");
    assert_eq!(
        get(&first, &path, &[("if-none-match", &etag)])
            .await
            .status(),
        304
    );

    // Someone joins through the second instance.
    let member = second
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    testkit::groups::join(&second, &owner, &slug, &member).await;

    let mut fresh = serde_json::Value::Null;
    for _ in 0..50 {
        let response = get(&first, &path, &[("if-none-match", &etag)]).await;
        if response.status() == 200 {
            fresh = response.json().await.unwrap();
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(
        fresh["data"]["members"].as_i64(),
        Some(members + 1),
        "the first instance dropped its copy"
    );
}
