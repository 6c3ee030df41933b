//! The wired app over real HTTP: envelope, pagination, contract, front-end serving.

use serde_json::{Value, json};
use testkit::{read, spawn_app, spawn_app_with};

#[tokio::test]
async fn health_reports_the_database_and_a_request_id() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/api/health")).send().await.unwrap();
    assert!(response.headers().contains_key("x-request-id"));
    let (status, body) = read(response).await;
    assert_eq!(status, 200);
    assert_eq!(body, json!({"data": {"status": "ok", "database": "ok"}}));
}

#[tokio::test]
async fn unknown_api_routes_and_methods_answer_the_envelope() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/no-such-thing").await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "not_found");
    assert_eq!(body["message"], "Not found.");
    assert_eq!(body["detail"], "Not found.");

    let (status, body) = app.post_json("/api/health", &json!({})).await;
    assert_eq!(status, 405);
    assert_eq!(body["code"], "method_not_allowed");

    let huge = "x".repeat(300 * 1024);
    let response = app
        .client
        .post(app.url("/api/health"))
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert!((400..500).contains(&status), "{status}");
    assert!(body["code"].is_string(), "{body}");
}

#[tokio::test]
async fn lists_are_paged_with_their_position() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("pager@example.org", "staff password 1")
        .await;
    for n in 1..=12 {
        app.ctx
            .mailer
            .send(kernel::mail::Email {
                to: format!("user{n}@example.org"),
                subject: format!("Message {n}"),
                text: "Hello".into(),
                html: None,
                unsubscribe: None,
            })
            .await
            .unwrap();
    }
    let (status, body) = app
        .get_json_as(&staff, "/api/dev/mailbox?perPage=5&page=3")
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["pagination"],
        json!({"currentPage": 3, "perPage": 5, "total": 3, "count": 12})
    );
    let subjects: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["subject"].as_str().unwrap())
        .collect();
    assert_eq!(subjects, vec!["Message 2", "Message 1"], "newest first");

    let (status, body) = app
        .get_json_as(&staff, "/api/dev/mailbox?perPage=5000")
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["perPage"], json!(["Invalid page size."]));

    // Once reached sea-query's binding as an out-of-range offset and panicked.
    let (status, body) = app
        .get_json_as(&staff, "/api/dev/mailbox?page=2000000000000000000")
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["page"], json!(["Invalid page."]));

    let (status, body) = app.get_json_as(&staff, "/api/dev/mailbox?page=9").await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"],
        json!([]),
        "past the end is empty, not an error"
    );

    let (status, body) = app.get_json_as(&staff, "/api/dev/mailbox?page=0").await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["page"], json!(["Invalid page."]));

    let (status, body) = app
        .get_json_as(&staff, "/api/dev/mailbox?perPage=many")
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "invalid_query");
}

/// Issue 47 §4: `?ordering=bogus` answered the parser's text ("Query deserialize error:
/// unknown variant …") and no field: it lands on `messages.ordering` with the choices.
#[tokio::test]
async fn a_value_outside_its_choices_lands_on_its_parameter() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/groups?page=1&ordering=bogus").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "invalid", "{body}");
    assert_eq!(
        body["messages"]["ordering"],
        json!(["Choose one of: -created_at, title, popular, recommended."])
    );
    assert!(
        !body.to_string().contains("deserialize"),
        "the parser's words: {body}"
    );
}

#[tokio::test]
async fn the_dev_mailbox_is_gone_once_smtp_is_configured() {
    let app = spawn_app_with(|config| {
        config.smtp_url = Some("smtp://127.0.0.1:2525".into());
    })
    .await;
    assert!(mail::dev_mailbox::DevMailbox::of(&app.ctx).is_none());
    let staff = app
        .signed_in_staff("ops@example.org", "staff password 1")
        .await;
    let (status, body) = app.get_json_as(&staff, "/api/dev/mailbox").await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "not_found");
}

#[tokio::test]
async fn serves_the_contract_and_swagger_ui() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(body["info"]["title"], "Cohort API");
    assert_eq!(body["paths"]["/api/health"]["get"]["operationId"], "health");

    let response = app.client.get(app.url("/api/docs/")).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.text().await.unwrap().contains("swagger-ui"));

    // Issue 47 §5: the integrator guide, served beside Swagger UI and linked from the
    // contract's description.
    let guide = app
        .client
        .get(app.url("/api/docs/integrators.md"))
        .send()
        .await
        .unwrap();
    assert_eq!(guide.status().as_u16(), 200);
    assert!(
        guide.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/markdown")
    );
    let text = guide.text().await.unwrap();
    for section in [
        "## Signing in",
        "## Lists and paging",
        "## Errors",
        "## Rate limits",
    ] {
        assert!(text.contains(section), "{section}");
    }
    let doc = app::api::openapi();
    assert_eq!(doc["externalDocs"]["url"], "/api/docs/integrators.md");
}

#[tokio::test]
async fn openapi_yaml_matches_the_server() {
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.yaml"))
            .expect("openapi.yaml at the repository root");
    let current = app::api::openapi_yaml().unwrap();
    assert!(
        committed == current,
        "openapi.yaml is stale: run `just openapi client` and commit the result"
    );
}

/// Issue 47 §4: `openapi.yaml` held `industry_partner_likely: yes`, an enumeration
/// `[yes, no]` and timestamps as plain scalars, which YAML 1.1 readers (PyYAML, SnakeYAML,
/// older js-yaml) read as booleans and dates. Read by PyYAML, the file is the contract the
/// server serves as JSON, value for value.
#[test]
fn openapi_yaml_reads_the_same_in_a_yaml_1_1_reader() {
    let yaml = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.yaml");
    let read = std::process::Command::new("python3")
        .args([
            "-c",
            "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
            yaml,
        ])
        .output()
        .expect("python3");
    assert!(
        read.status.success(),
        "PyYAML (python3 -m pip install pyyaml): {}",
        String::from_utf8_lossy(&read.stderr)
    );
    let as_read: Value = serde_json::from_slice(&read.stdout).unwrap();
    let served = app::api::openapi();
    if as_read != served {
        let changed = first_difference(&served, &as_read, String::new());
        panic!("a YAML 1.1 reader reads openapi.yaml otherwise, first at {changed}");
    }
}

/// Where `a` and `b` first differ, as a path.
fn first_difference(a: &Value, b: &Value, at: String) -> String {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => x
            .iter()
            .find(|(k, v)| y.get(*k) != Some(*v))
            .map(|(k, v)| match y.get(k) {
                Some(w) => first_difference(v, w, format!("{at}/{k}")),
                None => format!("{at}/{k} (missing)"),
            })
            .unwrap_or(at),
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .position(|(v, w)| v != w)
            .map(|i| first_difference(&x[i], &y[i], format!("{at}/{i}")))
            .unwrap_or(at),
        _ => format!("{at}: {a} read as {b}"),
    }
}

#[tokio::test]
async fn the_front_end_is_served_with_a_history_fallback() {
    let site = tempfile_site();
    let dir = site.path().to_path_buf();
    let app = spawn_app_with(move |config| config.static_dir = dir).await;

    for path in ["/", "/working-groups/some-group", "/dev/mailbox"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response.text().await.unwrap().contains("<div id=\"root\">"),
            "{path}"
        );
    }
    let response = app
        .client
        .get(app.url("/assets/app-1234.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert!(
        response.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    assert_eq!(response.text().await.unwrap(), "console.log(1)");

    let (status, body) = app.get_json("/api/unknown").await;
    assert_eq!(
        (status, body["code"].clone()),
        (404, Value::from("not_found"))
    );
}

fn tempfile_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<html><div id=\"root\"></div></html>",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/app-1234.js"), "console.log(1)").unwrap();
    dir
}

/// Found by schemathesis: a known path called with another method answered 404 (or a
/// neighbouring route's 401); it is 405 with `Allow`, except on staff paths for non-staff.
#[tokio::test]
async fn known_paths_answer_405_with_allow_for_other_methods() {
    let app = spawn_app().await;
    for (method, path, allow) in [
        (
            reqwest::Method::PUT,
            "/api/groups/some-group/members/leave",
            "POST",
        ),
        (reqwest::Method::DELETE, "/api/health", "GET"),
        (reqwest::Method::TRACE, "/api/banners/certificates", "GET"),
    ] {
        let response = app
            .client
            .request(method, app.url(path))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 405, "{path}");
        assert_eq!(response.headers()["allow"], allow, "{path}");
        let (_, body) = read(response).await;
        assert_eq!(body["code"], "method_not_allowed");
    }
    let hidden = app
        .client
        .delete(app.url("/api/staff/overview"))
        .send()
        .await
        .unwrap();
    assert_eq!(hidden.status().as_u16(), 404, "staff paths stay hidden");
}

/// Issue 15, finding 5: `?page=2000000000000000000` on any paged list panicked inside
/// sea-query's binding and dropped the connection. Every paged operation of the contract,
/// called with extreme values, answers 400 in the envelope (or, where its made-up path
/// names nothing, 404), never a 5xx or a dropped connection.
#[tokio::test]
async fn every_paged_operation_refuses_extreme_pages() {
    let app = spawn_app().await;
    // A Content Expert too, so the final-approval queue answers it.
    let staff = testkit::projects::content_expert(&app, "pager@example.org").await;
    let doc = serde_json::to_value(app::api::openapi()).unwrap();
    let mut paged = 0;
    for (template, item) in doc["paths"].as_object().unwrap() {
        let Some(parameters) = item["get"]["parameters"].as_array() else {
            continue;
        };
        if !parameters
            .iter()
            .any(|p| p["name"] == "page" && p["in"] == "query")
        {
            continue;
        }
        paged += 1;
        let mut path = template.clone();
        for p in parameters.iter().filter(|p| p["in"] == "path") {
            let value = match (&p["schema"]["enum"], p["schema"]["type"].as_str()) {
                (Value::Array(values), _) => values[0].as_str().unwrap().to_owned(),
                (_, Some("integer")) => "1".to_owned(),
                _ => "x".to_owned(),
            };
            path = path.replace(&format!("{{{}}}", p["name"].as_str().unwrap()), &value);
        }
        let has_path_parameters = path != *template || !template.contains('{');
        for query in [
            "page=2000000000000000000",
            "page=18446744073709551615",
            "page=1000001",
            "page=0",
            "page=-1",
            "perPage=18446744073709551615",
            "perPage=101",
            "perPage=0",
        ] {
            let response = app
                .client
                .get(app.url(&format!("{path}?{query}")))
                .bearer_auth(&staff)
                .send()
                .await
                .unwrap_or_else(|e| panic!("{path}?{query}: the connection dropped: {e}"));
            let status = response.status().as_u16();
            let (_, body) = read(response).await;
            let allowed: &[u16] = if template.contains('{') && has_path_parameters {
                &[400, 404]
            } else {
                &[400]
            };
            assert!(allowed.contains(&status), "{path}?{query}: {status} {body}");
            assert!(body["code"].is_string(), "{path}?{query}: envelope {body}");
        }
    }
    assert!(paged >= 20, "only {paged} paged operations found");
}
