//! Issue 46 §1 and §4: a public page's HTML holds its content before any script runs (a
//! crawler, a link preview, a phone waiting on a slow network): the server renders it with
//! the front end's own components (`app::site::prerender`), from the reads the browser then takes
//! the page over with. Read here as curl reads it: no script, no second request.
//!
//! It needs the front end's build (`just frontend-build`), whose second bundle the server runs.

use std::path::PathBuf;

use serde_json::Value;
use testkit::{TestApp, spawn_app_with};

/// The front end as `just frontend-build` leaves it, with the server's bundle.
fn built_front_end() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../frontend/dist");
    assert!(
        dir.join(".server/render.js").is_file(),
        "the front end is not built (no {}): run `just frontend-build` first",
        dir.join(".server/render.js").display()
    );
    dir
}

/// The demo content, served with the built front end at `http://cohort.test`.
async fn demo_site() -> TestApp {
    let dir = built_front_end();
    let app = spawn_app_with(move |config| {
        config.static_dir = dir;
        config.public_url = "http://cohort.test".into();
    })
    .await;
    app.seed_demo().await;
    app
}

/// What `#root` holds, as the server sent it: the rendered page, not the head's metadata.
fn root(html: &str) -> &str {
    let start = html.find("<div id=\"root\">").expect("the app's root");
    let end = html[start..]
        .find("<script type=\"module\"")
        .map_or(html.len(), |at| start + at);
    &html[start..end]
}

/// The page at `path` as a client without script gets it, once the server has rendered it
/// (the first request after a start may find the engine still loading its bundle).
async fn rendered_page(app: &TestApp, path: &str) -> String {
    rendered_with_cookies(app, path, "").await
}

/// The same, for a request carrying `cookies`.
async fn rendered_with_cookies(app: &TestApp, path: &str, cookies: &str) -> String {
    for _ in 0..20 {
        let response = app
            .client
            .get(app.url(path))
            .header("Cookie", cookies)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}");
        let html = response.text().await.unwrap();
        if html.contains("id=\"cohort-rendered\"") {
            return html;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    panic!("{path} was never rendered on the server");
}

async fn data(app: &TestApp, path: &str) -> Value {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// Whether `page` shows the rich text `html`: as it is (the page writes it in) or as its
/// words (an excerpt).
fn shows(page: &str, html: &str) -> bool {
    page.contains(html) || page.contains(&escaped(&words(html)))
}

/// Rich text's words (its tags left out).
fn words(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// Text as React writes it into HTML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&#x27;")
        .replace('"', "&quot;")
}

#[tokio::test]
async fn a_project_a_post_and_a_group_are_in_their_html_without_script() {
    let app = demo_site().await;

    // A project that has raised money: its title, its summary and what it raised.
    let projects = data(&app, "/api/projects?perPage=50").await;
    let project = projects
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["funding"]["raised_cents"].as_i64() > Some(0))
        .expect("the demo has a project with pledges")
        .clone();
    let slug = project["slug"].as_str().unwrap();
    let html = rendered_page(&app, &format!("/project/{slug}")).await;
    let page = root(&html);
    let title = escaped(project["title"].as_str().unwrap());
    assert!(
        page.contains(&format!(">{title}</h1>")),
        "the title: {page}"
    );
    let summary = project["lay_summary"].as_str().unwrap();
    assert!(shows(page, summary), "the summary {summary}: {page}");
    let raised = project["funding"]["raised_cents"].as_i64().unwrap() / 100;
    let raised = format!("CA${}", thousands(raised));
    assert!(page.contains(&raised), "raised {raised}: {page}");
    // Its styles come with it (the theme's globals apart, as the browser's emotion takes
    // them over), and the reads the browser takes it over with.
    assert!(html.contains("<style data-emotion=\"css-global "), "{html}");
    assert!(html.contains("<style data-emotion=\"css "), "{html}");
    assert!(html.contains("<script type=\"application/json\" id=\"cohort-rendered\">"));

    // A blog post, reached by its slug.
    let post = data(&app, "/api/blog/api/pages?perPage=1").await[0].clone();
    let html = rendered_page(&app, &format!("/blog/{}", post["slug"].as_str().unwrap())).await;
    let page = root(&html);
    let title = escaped(post["title"].as_str().unwrap());
    assert!(
        page.contains(&format!(">{title}</h1>")),
        "the title: {page}"
    );
    // Its body's opening paragraph.
    let detail = data(
        &app,
        &format!("/api/blog/api/pages/{}", post["slug"].as_str().unwrap()),
    )
    .await;
    let body = detail["body"].as_str().unwrap();
    let opening = &body[..body.find("</p>").expect("a paragraph") + 4];
    assert!(shows(page, opening), "the opening {opening}: {page}");

    // A working group.
    let group = data(&app, "/api/groups?perPage=1").await[0].clone();
    let slug = group["slug"].as_str().unwrap();
    let html = rendered_page(&app, &format!("/working-groups/{slug}")).await;
    let page = root(&html);
    let detail = data(&app, &format!("/api/groups/{slug}")).await;
    let title = escaped(detail["title"].as_str().unwrap());
    assert!(
        page.contains(&format!(">{title}</h1>")),
        "the title: {page}"
    );
    let summary = detail["summary"].as_str().unwrap();
    assert!(shows(page, summary), "the summary {summary}: {page}");

    // A content page reached by its slug under /pages/.
    let html = rendered_page(&app, "/pages/our-model").await;
    let title = escaped(
        data(&app, "/api/pages/our-model").await["title"]
            .as_str()
            .unwrap(),
    );
    assert!(
        root(&html).contains(&format!(">{title}</h1>")),
        "the title: {html}"
    );
}

#[tokio::test]
async fn a_page_changes_with_what_it_shows_and_only_visitors_pages_are_rendered() {
    let app = demo_site().await;

    // The landing page, for a visitor who closed the grant banner and one who did not: each
    // gets the page their browser will render, so nothing moves when it takes over.
    let shown = rendered_page(&app, "/").await;
    assert!(root(&shown).contains("aria-label=\"Catalyst grant\""));
    let closed = rendered_with_cookies(&app, "/", "top_banner=closed; cookie_consent=true").await;
    assert!(!root(&closed).contains("aria-label=\"Catalyst grant\""));
    assert!(root(&shown).contains("aria-label=\"Cookie consent\""));
    assert!(!root(&closed).contains("aria-label=\"Cookie consent\""));

    // A new post changes the blog's public reads: the blog is rendered again, with it.
    let before = rendered_page(&app, "/blog").await;
    let staff = app
        .signed_in_staff("editor@example.org", "staff password 1")
        .await;
    let (status, body) = app
        .post_json_as(
            &staff,
            "/api/staff/blog/posts",
            &serde_json::json!({
                "title": "Rendered before any script",
                "description": "A post the server renders.",
                "body": "<p>Its words.</p>",
                "published": true,
            }),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let mut after = String::new();
    for _ in 0..20 {
        after = rendered_page(&app, "/blog").await;
        if root(&after).contains("Rendered before any script") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    assert!(!root(&before).contains("Rendered before any script"));
    assert!(
        root(&after).contains("Rendered before any script"),
        "{after}"
    );

    // A page with a query (a list's second page, a search) and a page that is no public
    // page are built by script, as before.
    for path in ["/blog?page=2", "/login", "/dashboard"] {
        let html = app
            .client
            .get(app.url(path))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(!html.contains("id=\"cohort-rendered\""), "{path}");
    }
}

/// `12345` as `12,345`.
fn thousands(n: i64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
