//! Issue 21, item 12: `/robots.txt`, `/sitemap.xml` and the blog's Atom feed, valid XML
//! naming what anyone may read and nothing else.

use testkit::spawn_app;

async fn text(app: &testkit::TestApp, path: &str) -> (u16, String, String) {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, response.text().await.unwrap())
}

#[tokio::test]
async fn crawlers_get_a_robots_file_a_sitemap_of_public_pages_and_the_blog_as_atom() {
    let app = spawn_app().await;
    app.seed_demo().await;
    let site = app.ctx.config.public_url.trim_end_matches('/').to_owned();

    let (status, kind, robots) = text(&app, "/robots.txt").await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    for line in [
        "User-agent: *",
        "Disallow: /staff",
        "Disallow: /api/",
        "Disallow: /my-profile",
        "Disallow: /messages",
        "Disallow: /events",
        "Disallow: /notifications",
    ] {
        assert!(
            robots.lines().any(|l| l == line),
            "{line} missing from {robots}"
        );
    }
    assert!(robots.contains(&format!("Sitemap: {site}/sitemap.xml")));

    let (status, kind, sitemap) = text(&app, "/sitemap.xml").await;
    assert_eq!(
        (status, kind.as_str()),
        (200, "application/xml; charset=utf-8")
    );
    let doc = roxmltree::Document::parse(&sitemap).expect("the sitemap is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "urlset");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.sitemaps.org/schemas/sitemap/0.9")
    );
    let locations: Vec<&str> = root
        .descendants()
        .filter(|n| n.has_tag_name("loc"))
        .filter_map(|n| n.text())
        .collect();
    assert!(
        locations.iter().all(|l| l.starts_with(&site)),
        "{locations:?}"
    );
    for kind in [
        "/working-groups/",
        "/blog/",
        "/lecture-series/",
        "/project/",
    ] {
        assert!(
            locations
                .iter()
                .any(|l| l.contains(kind) && l.len() > site.len() + kind.len()),
            "no {kind}… in {locations:?}"
        );
    }
    assert!(locations.contains(&format!("{site}/").as_str()));
    // What the public site lists, and only that: the groups list as a visitor reads it.
    let (_, groups) = app.get_json("/api/groups?perPage=100").await;
    let listed = groups["data"].as_array().unwrap().len();
    let mapped = locations
        .iter()
        .filter(|l| l.contains("/working-groups/") && !l.ends_with("/list"))
        .count();
    assert_eq!(mapped, listed);
    assert!(
        !locations
            .iter()
            .any(|l| l.contains("/staff") || l.contains("/my-"))
    );

    let (status, kind, atom) = text(&app, "/blog/atom.xml").await;
    assert_eq!(
        (status, kind.as_str()),
        (200, "application/atom+xml; charset=utf-8")
    );
    let doc = roxmltree::Document::parse(&atom).expect("the feed is well-formed XML");
    let feed = doc.root_element();
    assert_eq!(
        feed.tag_name().namespace(),
        Some("http://www.w3.org/2005/Atom")
    );
    let entries: Vec<_> = feed
        .children()
        .filter(|n| n.has_tag_name("entry"))
        .collect();
    let (_, posts) = app
        .get_json("/api/blog/api/pages?perPage=20&ordering=-created_at")
        .await;
    let published = posts["data"].as_array().unwrap();
    assert_eq!(entries.len(), published.len().min(20));
    assert!(!entries.is_empty(), "the demo blog has posts");
    for entry in &entries {
        for field in ["title", "id", "updated", "summary"] {
            assert!(
                entry.children().any(|n| n.has_tag_name(field)),
                "entry without {field}"
            );
        }
    }
}
