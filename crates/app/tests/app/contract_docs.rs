//! Issue 21, item 9: the contract explains itself. Every operation has a short summary (a
//! title for Swagger UI's list) and a description; every schema property, parameter,
//! request body and successful JSON answer carries an example that fits its schema.

use serde_json::Value;

/// Every operation of the served contract, with where it is.
fn operations() -> Vec<(String, Value)> {
    let doc = serde_json::to_value(app::api::openapi()).unwrap();
    let mut found = Vec::new();
    for (template, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            found.push((format!("{} {template}", method.to_uppercase()), op.clone()));
        }
    }
    found
}

#[test]
fn every_operation_has_a_title_and_a_description() {
    let mut wrong = Vec::new();
    let all = operations();
    for (at, op) in &all {
        let summary = op["summary"].as_str().unwrap_or_default();
        let description = op["description"].as_str().unwrap_or_default();
        if summary.is_empty()
            || summary.len() > 60
            || summary.ends_with('.')
            || summary.contains('\n')
        {
            wrong.push(format!("{at}: summary {summary:?} is not a short title"));
        }
        if description.len() < 20 || description == summary {
            wrong.push(format!("{at}: no description"));
        }
        if description.replace("\n\n", "").contains('\n') {
            wrong.push(format!("{at}: the description's lines are not unwrapped"));
        }
        if ["spec", "§", "issue "]
            .iter()
            .any(|word| summary.to_lowercase().contains(word))
        {
            wrong.push(format!("{at}: summary refers to an internal document"));
        }
    }
    assert!(all.len() > 200, "the contract lists its operations");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn everything_the_contract_shows_has_an_example() {
    let gaps = app::api::unillustrated();
    assert!(gaps.is_empty(), "without an example:\n{}", gaps.join("\n"));
    let mut bodies = 0;
    for (at, op) in operations() {
        for parameter in op["parameters"].as_array().into_iter().flatten() {
            assert!(!parameter["example"].is_null(), "{at}: {parameter}");
        }
        if let Some(json) = op.pointer("/requestBody/content/application~1json") {
            assert!(!json["example"].is_null(), "{at}: request");
            bodies += 1;
        }
        for (status, answer) in op["responses"].as_object().unwrap() {
            if let (true, Some(json)) = (
                status.starts_with('2'),
                answer.pointer("/content/application~1json"),
            ) {
                assert!(!json["example"].is_null(), "{at}: {status}");
            }
        }
    }
    assert!(bodies > 50, "the JSON request bodies were looked at");
}

/// The examples are the vocabulary's realistic values, not a type's placeholder, and the
/// server's own error envelopes.
#[test]
fn sign_in_is_shown_with_realistic_values() {
    let (_, login) = operations()
        .into_iter()
        .find(|(at, _)| at == "POST /api/login")
        .unwrap();
    let request = &login["requestBody"]["content"]["application/json"]["example"];
    assert_eq!(request["email"], "ada.lovelace@example.org");
    let answer = &login["responses"]["200"]["content"]["application/json"]["example"];
    assert!(answer["data"]["access"].as_str().unwrap().len() >= 32);
    // Each refusal shows the envelope the server sends for that status.
    let throttled = &login["responses"]["429"]["content"]["application/json"]["example"];
    assert_eq!(throttled["code"], "throttled");
    assert!(
        throttled["message"]
            .as_str()
            .unwrap()
            .contains("30 seconds")
    );
    let invalid = &login["responses"]["400"]["content"]["application/json"]["example"];
    assert_eq!(invalid["code"], "invalid");
    assert!(invalid["messages"]["email"].is_array());
}

/// Issue 47 §4: the PDF, CSV and ZIP downloads were typed as arrays of integers (`Vec<u8>`)
/// or plain strings, so generators parsed them as JSON or dropped them. Each is binary with
/// its media type; and the `{action}` and `{provider}` path parameters name their values.
#[test]
fn downloads_are_binary_and_path_choices_are_enumerations() {
    let mut downloads = 0;
    let mut wrong = Vec::new();
    for (at, op) in operations() {
        for (status, response) in op["responses"].as_object().unwrap() {
            let Some(content) = response["content"].as_object() else {
                continue;
            };
            for (media, body) in content {
                if ["application/pdf", "application/zip", "text/csv"].contains(&media.as_str()) {
                    downloads += 1;
                    let schema = &body["schema"];
                    if schema["type"] != "string"
                        || schema["format"] != "binary"
                        || schema["contentMediaType"] != media.as_str()
                    {
                        wrong.push(format!("{at} {status} {media}: {schema}"));
                    }
                }
            }
        }
        for parameter in op["parameters"].as_array().into_iter().flatten() {
            let name = parameter["name"].as_str().unwrap_or_default();
            if parameter["in"] == "path"
                && ["action", "provider"].contains(&name)
                && parameter["schema"]["enum"].as_array().is_none()
            {
                wrong.push(format!("{at} {{{name}}}: {}", parameter["schema"]));
            }
        }
    }
    assert!(
        downloads >= 6,
        "the certificate, the data export, the receipt, the CSVs: {downloads}"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Issue 47 §4: `RateLimit-*`, `ETag`, `Retry-After` and `X-Request-Id` were sent but not in
/// the contract. Every answer names `X-Request-Id`; the public reads `ETag`; and the
/// operations listed as rate-limited are exactly those whose handlers count a form's quota
/// (read from the sources, so a new one cannot be left out).
#[test]
fn the_answer_headers_are_in_the_contract() {
    let doc = app::api::openapi();
    for name in ["X-Request-Id", "ETag", "RateLimit-Limit", "Retry-After"] {
        assert!(doc["components"]["headers"][name].is_object(), "{name}");
    }
    let mut checked = Vec::new();
    for (at, op) in operations() {
        for (status, response) in op["responses"].as_object().unwrap() {
            assert!(
                response["headers"]["X-Request-Id"].is_object(),
                "{at} {status} has no X-Request-Id"
            );
        }
        if at == "GET /api/groups" {
            assert!(
                op["responses"]["200"]["headers"]["ETag"].is_object(),
                "{at}"
            );
            assert!(op["responses"]["304"].is_object(), "{at}");
        }
        if op["responses"]["default"]["headers"]["Retry-After"].is_object() {
            checked.push(op["operationId"].as_str().unwrap().to_owned());
        }
    }
    checked.sort();
    let mut counting = handlers_counting_a_quota();
    counting.sort();
    assert_eq!(checked, counting);
    let mut listed: Vec<String> = app::contract::headers::RATE_LIMITED
        .iter()
        .map(|s| s.to_string())
        .collect();
    listed.sort();
    assert_eq!(listed, counting);
}

/// The operation ids of the handlers that call `rate_limits.check`, read from the crates'
/// `api` sources.
fn handlers_counting_a_quota() -> Vec<String> {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut pending = vec![crates];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("tests") && !path.ends_with("target") {
                    pending.push(path);
                }
                continue;
            }
            let is_api = path.extension().is_some_and(|e| e == "rs")
                && path.components().any(|c| c.as_os_str() == "api");
            if !is_api {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for handler in text.split("#[utoipa::path(").skip(1) {
                let counts = handler.contains("rate_limits.check(")
                    || handler.contains("rate_limits\n            .check(");
                if let Some(id) = counts
                    .then(|| handler.split("operation_id = \"").nth(1))
                    .flatten()
                    .and_then(|rest| rest.split('"').next())
                {
                    found.push(id.to_owned());
                }
            }
        }
    }
    found
}
