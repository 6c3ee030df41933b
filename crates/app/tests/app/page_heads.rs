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
            "/", "/blog/:id", "/project/:slug", "/project/:slug/protocol", "/lecture-series/:id",
            "/working-groups/list", "/working-groups/:slug", "/staff/*", "/pages/*"
        ] })
        .to_string(),
    )
    .unwrap();
}

/// An app serving a built front end at `http://cohort.test` (the directory lives as long as
/// the value returned beside it).
async fn site_app() -> (TestApp, tempfile::TempDir) {
    let site = tempfile::tempdir().unwrap();
    front_end(site.path());
    let dir = site.path().to_path_buf();
    let app = spawn_app_with(move |config| {
        config.static_dir = dir;
        config.public_url = "http://cohort.test".into();
    })
    .await;
    (app, site)
}

async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

#[tokio::test]
async fn unknown_pages_and_records_are_404_and_records_describe_themselves() {
    let (app, _site) = site_app().await;
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
        "/pages/no-such-page",
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

/// The JSON-LD object a page carries.
fn structured(html: &str) -> serde_json::Value {
    let open = "<script type=\"application/ld+json\">";
    let start = html.find(open).expect("a JSON-LD script") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// Issue 46 §3: each public page names its one address, and a record says what it is in
/// schema.org's words: a project with its goal and progress, a post as an Article filed under
/// its slug, a lecture as a Course, the site as an Organization.
#[tokio::test]
async fn public_pages_name_their_address_and_what_they_are() {
    let (app, _site) = site_app().await;
    app.seed_demo().await;
    let campaign = testkit::projects::live_campaign(&app, "trial design 21").await;

    let (status, html) = page(&app, &format!("/project/{}", campaign.slug)).await;
    assert_eq!(status, 200);
    let address = format!("http://cohort.test/project/{}", campaign.slug);
    assert!(
        html.contains(&format!("<link rel=\"canonical\" href=\"{address}\">")),
        "{html}"
    );
    assert!(
        html.contains(
            "<meta name=\"description\" content=\"CA$0 raised of CA$25,000 by 0 backers, "
        ),
        "the goal and progress in previews: {html}"
    );
    let project = structured(&html);
    assert_eq!(project["@context"], "https://schema.org");
    assert_eq!(project["@type"], "ResearchProject");
    assert_eq!(project["name"], "Early sepsis");
    assert_eq!(project["url"], address.as_str());
    assert_eq!(project["funding"]["@type"], "MonetaryGrant");
    assert_eq!(
        project["funding"]["amount"],
        serde_json::json!({"@type": "MonetaryAmount", "currency": "CAD", "value": 25000.0})
    );

    // Its registered protocol is a work about the project, named by its hash.
    let (status, html) = page(&app, &format!("/project/{}/protocol", campaign.slug)).await;
    assert_eq!(status, 200);
    let (_, protocol) = app
        .get_json(&format!("/api/projects/{}/protocol", campaign.slug))
        .await;
    let hash = protocol["data"]["versions"][0]["content_hash"]
        .as_str()
        .unwrap();
    assert!(
        html.contains("<title>Cohort | Protocol: Early sepsis</title>"),
        "{html}"
    );
    assert!(
        html.contains("content=\"The registered protocol of Early sepsis: version 1 of "),
        "{html}"
    );
    let work = structured(&html);
    assert_eq!(work["@type"], "CreativeWork");
    assert_eq!(work["version"], 1);
    assert_eq!(work["identifier"], format!("sha256:{hash}"));
    assert_eq!(work["about"]["@type"], "ResearchProject");
    assert_eq!(page(&app, "/project/no-such-project/protocol").await.0, 404);

    // A post read by its number is filed under its slug.
    let (_, posts) = app.get_json("/api/blog/api/pages").await;
    let post = &posts["data"][0];
    let (slug, id) = (post["slug"].as_str().unwrap(), post["id"].as_i64().unwrap());
    let (status, html) = page(&app, &format!("/blog/{id}")).await;
    assert_eq!(status, 200);
    let address = format!("http://cohort.test/blog/{slug}");
    assert!(
        html.contains(&format!("<link rel=\"canonical\" href=\"{address}\">")),
        "{html}"
    );
    let article = structured(&html);
    assert_eq!(article["@type"], "Article");
    assert_eq!(article["headline"], post["title"]);
    assert_eq!(article["url"], address.as_str());
    assert_eq!(article["publisher"]["name"], "Cohort");
    assert!(
        article["datePublished"]
            .as_str()
            .is_some_and(|d| d.len() >= 20),
        "{article}"
    );

    let (_, lectures) = app.get_json("/api/expert-lectures").await;
    let lecture = &lectures["data"][0];
    let (status, html) = page(&app, &format!("/lecture-series/{}", lecture["id"])).await;
    assert_eq!(status, 200);
    let course = structured(&html);
    assert_eq!(course["@type"], "Course");
    assert_eq!(course["name"], lecture["title"]);
    assert_eq!(course["provider"]["@type"], "Organization");

    let (_, html) = page(&app, "/").await;
    assert!(
        html.contains("<link rel=\"canonical\" href=\"http://cohort.test/\">"),
        "{html}"
    );
    let organization = structured(&html);
    assert_eq!(organization["@type"], "Organization");
    assert_eq!(organization["name"], "Cohort");
    assert_eq!(
        organization["description"],
        "Cohort: better medicine together."
    );

    // A content page reached at /pages/{slug} is filed under the address the site shows
    // it at, with its own title.
    let (status, html) = page(&app, "/pages/about-us").await;
    assert_eq!(status, 200);
    assert!(
        html.contains("<link rel=\"canonical\" href=\"http://cohort.test/about\">"),
        "{html}"
    );
    assert!(html.contains("<title>Cohort | About"), "{html}");
}
