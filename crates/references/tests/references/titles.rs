//! Issue 24 §5: a reference's title comes from its registry only where the operator allows
//! the registry's origin; by default nothing is called. The registries' answers are served by
//! a real nginx, standing in as `COHORT_REGISTRY_MIRROR`.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::approved_group;
use testkit::nginx::Nginx;

/// The registries' answers, at their API paths.
fn registry_files(root: &Path) {
    let write = |path: &str, body: Value| {
        let file = root.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, body.to_string()).unwrap();
    };
    write(
        "api/v2/studies/NCT04280705",
        json!({"protocolSection": {"identificationModule": {
            "nctId": "NCT04280705", "briefTitle": "Adaptive COVID-19 Treatment Trial (ACTT)"}}}),
    );
    write(
        "works/10.1056/NEJMoa2007764",
        json!({"status": "ok", "message": {"title": ["Remdesivir for the Treatment of Covid-19 — Final Report"]}}),
    );
}

async fn link(app: &TestApp, owner: &str, group: i64, identifier: &str) -> i64 {
    let (status, body) = app
        .post_json_as(
            owner,
            "/api/references",
            &json!({"place_type": "group", "place_id": group, "identifier": identifier}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_i64().unwrap()
}

/// The titles of the group's references once `settled` holds, or after five seconds.
async fn titles(app: &TestApp, group: i64, settled: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let path = format!("/api/references?place_type=group&place_id={group}");
    for _ in 0..50 {
        let (_, body) = app.get_json(&path).await;
        let titles: Vec<Value> = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["title"].clone())
            .collect();
        if settled(&titles) {
            return titles;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_, body) = app.get_json(&path).await;
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["title"].clone())
        .collect()
}

/// The app with the registry `mirror` standing in for the registries, its origin allowed.
async fn allowing(mirror: &str) -> TestApp {
    testkit::spawn_app_with(|config| {
        config.registry_mirror = Some(mirror.to_owned());
        config.outbound_allowlist = vec![mirror.to_owned()];
    })
    .await
}

async fn owner_and_group(app: &TestApp) -> (String, i64) {
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let (group, _) = approved_group(app, &owner, &staff, "Antiviral trials", &["stroke"]).await;
    (owner, group)
}

#[tokio::test]
async fn an_allowed_registry_gives_the_title_and_by_default_nothing_is_called() {
    let root = tempfile::tempdir().unwrap();
    registry_files(root.path());
    let registry = Nginx::serve_files(root.path(), "application/json")
        .expect("nginx is installed: run `just nginx` (the test recipes do)");

    // The mirror is set but not allowed: no call is made, the badge has no title.
    let mirror = registry.origin();
    let closed =
        testkit::spawn_app_with(|config| config.registry_mirror = Some(mirror.clone())).await;
    let (owner, group) = owner_and_group(&closed).await;
    link(&closed, &owner, group, "NCT04280705").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(titles(&closed, group, |_| true).await, [Value::Null]);
    assert!(registry.requests().is_empty(), "{:?}", registry.requests());

    // Allowed: the registry is asked once per link, and its title is kept.
    let open = allowing(&mirror).await;
    let (owner, group) = owner_and_group(&open).await;
    link(&open, &owner, group, "NCT04280705").await;
    link(
        &open,
        &owner,
        group,
        "https://doi.org/10.1056/NEJMoa2007764",
    )
    .await;
    link(&open, &owner, group, "32356627").await;
    let found = titles(&open, group, |t| {
        t.len() == 3 && t[0].is_string() && t[1].is_string()
    })
    .await;
    assert_eq!(
        found,
        [
            json!("Adaptive COVID-19 Treatment Trial (ACTT)"),
            json!("Remdesivir for the Treatment of Covid-19 — Final Report"),
            // The registry had nothing for it (404): the badge stays without a title.
            Value::Null,
        ]
    );
    // The third link's 404 is no title, as before it was asked: its line is waited for.
    let asked = registry.requests_at_least(3).await;
    assert_eq!(asked.len(), 3, "{asked:?}");
    assert!(
        asked
            .iter()
            .any(|l| l.contains("GET /api/v2/studies/NCT04280705")),
        "{asked:?}"
    );
    assert!(
        asked
            .iter()
            .any(|l| l
                .contains("GET /entrez/eutils/esummary.fcgi?db=pubmed&retmode=json&id=32356627")),
        "{asked:?}"
    );
}

/// Issue 44 §1: an allowed registry that redirects elsewhere (here to a server nobody
/// allowed, on loopback) is not followed, and its body never becomes a title.
#[tokio::test]
async fn a_redirect_from_an_allowed_registry_is_not_followed() {
    let inside = tempfile::tempdir().unwrap();
    registry_files(inside.path());
    let internal = Nginx::serve_files(inside.path(), "application/json")
        .expect("nginx is installed: run `just nginx` (the test recipes do)");
    let target = internal.url("/api/v2/studies/NCT04280705");
    let registry = Nginx::start(|port, dir| {
        format!(
            "server {{ listen 127.0.0.1:{port}; access_log {}/access.log; \
             location / {{ return 302 {target}; }} }}",
            dir.display()
        )
    })
    .expect("nginx is installed");
    let mirror = registry.origin();
    let app = allowing(&mirror).await;
    let (owner, group) = owner_and_group(&app).await;
    link(&app, &owner, group, "NCT04280705").await;

    // The allowed registry was asked and answered with its redirect…
    let asked = registry.requests_at_least(1).await;
    assert_eq!(asked.len(), 1, "{asked:?}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    // …which led nowhere: the server behind it was never called, and there is no title.
    assert!(internal.requests().is_empty(), "{:?}", internal.requests());
    assert_eq!(titles(&app, group, |_| true).await, [Value::Null]);
}

/// Issue 44 §1: a DOI cannot climb out of the registry's path.
#[tokio::test]
async fn a_doi_that_climbs_out_of_its_path_is_refused() {
    let app = testkit::spawn_app().await;
    let (owner, group) = owner_and_group(&app).await;
    for identifier in [
        "10.1056/../../../../internal/traversal?x=1#",
        "10.1056/a/../b",
        "10.1056/abc?x=1",
        "10.1056/abc#top",
    ] {
        let (status, body) = app
            .post_json_as(
                &owner,
                "/api/references",
                &json!({"place_type": "group", "place_id": group, "identifier": identifier}),
            )
            .await;
        assert_eq!(status, 400, "{identifier}: {body}");
    }
}

/// Issue 44 §1: an answer past the size a record's metadata takes is not read, let alone kept.
#[tokio::test]
async fn an_oversized_answer_gives_no_title() {
    let root = tempfile::tempdir().unwrap();
    let padding = "x".repeat(2 << 20);
    let file = root.path().join("works/10.1056/NEJMoa2007764");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        file,
        json!({"message": {"title": ["Remdesivir"]}, "padding": padding}).to_string(),
    )
    .unwrap();
    let registry = Nginx::serve_files(root.path(), "application/json").expect("nginx");
    let mirror = registry.origin();
    let app = allowing(&mirror).await;
    let (owner, group) = owner_and_group(&app).await;
    link(&app, &owner, group, "10.1056/NEJMoa2007764").await;
    assert_eq!(registry.requests_at_least(1).await.len(), 1);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(titles(&app, group, |_| true).await, [Value::Null]);
}
