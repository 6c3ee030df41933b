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
