//! Issue 21, item 9: the contract explains itself. Every operation has a short summary (a
//! title for Swagger UI's list) and a description; every schema property, parameter,
//! request body and successful JSON answer carries an example that fits its schema.

use serde_json::Value;

/// Every operation of the served contract, with where it is.
fn operations() -> Vec<(String, Value)> {
    operations_with_routes()
        .into_iter()
        .map(|(at, op, _, _)| (at, op))
        .collect()
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
    let mut found = Vec::new();
    for (path, text) in sources() {
        if !path.components().any(|c| c.as_os_str() == "api") {
            continue;
        }
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
    found
}

/// Every Rust source of the crates (tests left out), with its path.
fn sources() -> Vec<(std::path::PathBuf, String)> {
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
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                found.push((path, text));
            }
        }
    }
    found
}

/// Issue 47 §3: one made-up message ("I would like to join: …") stood on 60 operations,
/// among them deleting a reply and asking for one's data. An operation that answers with a
/// message shows the text its handler sends, found word for word in the crates' sources.
#[test]
fn a_message_answer_shows_its_own_operations_text() {
    let texts: String = sources().into_iter().map(|(_, text)| text).collect();
    let mut shown = 0;
    let mut wrong = Vec::new();
    for (at, op) in operations() {
        for (status, answer) in op["responses"].as_object().unwrap() {
            let json = &answer["content"]["application/json"];
            if !status.starts_with('2')
                || json["schema"]["$ref"] != "#/components/schemas/Data_MessageResponse"
            {
                continue;
            }
            shown += 1;
            let message = json["example"]["data"]["message"]
                .as_str()
                .unwrap_or_default();
            if message.is_empty() || !texts.contains(&format!("\"{message}\"")) {
                wrong.push(format!(
                    "{at} {status}: {message:?} is not a text the server sends"
                ));
            }
        }
    }
    assert!(shown > 50, "the message answers were looked at: {shown}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Issue 47 §3: a 400 example named `email` on 129 operations, most without such a field,
/// and a group's `already_member` conflict stood on deleting a quiz. An error example names
/// only fields its operation takes, each conflict is the operation's own, and sign-in's
/// refusals say what its descriptions say.
#[test]
fn an_error_example_is_its_own_operations() {
    let doc = app::api::openapi();
    let mut wrong = Vec::new();
    let mut conflicts = 0;
    for (at, op) in operations() {
        let takes = inputs(&op, &doc);
        for (status, answer) in op["responses"].as_object().unwrap() {
            let example = &answer["content"]["application/json"]["example"];
            let fields = example["messages"].as_object().into_iter().flatten();
            for (field, _) in fields {
                if field != "non_field_errors" && !takes.contains(field) {
                    wrong.push(format!(
                        "{at} {status}: names {field}, which it does not take"
                    ));
                }
            }
            if status == "409" {
                conflicts += 1;
                if example["code"]
                    .as_str()
                    .is_none_or(|code| code == "already_member")
                {
                    wrong.push(format!("{at} 409: {example}"));
                }
            }
        }
    }
    assert!(conflicts >= 7, "the conflicts were looked at: {conflicts}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));

    let (_, login) = operations()
        .into_iter()
        .find(|(at, _)| at == "POST /api/login")
        .unwrap();
    let example =
        |status: &str| login["responses"][status]["content"]["application/json"]["example"].clone();
    assert_eq!(
        example("400")["messages"]["non_field_errors"][0],
        "Invalid credentials"
    );
    assert_eq!(example("401")["code"], "user_inactive");
    assert_eq!(example("403")["code"], "account_locked");
}

/// The names an operation takes: its parameters and its JSON or form request's fields.
fn inputs(op: &serde_json::Value, doc: &serde_json::Value) -> Vec<String> {
    let mut names: Vec<String> = op["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["name"].as_str().map(str::to_owned))
        .collect();
    for content in op["requestBody"]["content"]
        .as_object()
        .into_iter()
        .flatten()
    {
        let mut schema = &content.1["schema"];
        if let Some(name) = schema["$ref"].as_str().and_then(|r| r.rsplit('/').next()) {
            schema = &doc["components"]["schemas"][name];
        }
        names.extend(
            schema["properties"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, _)| k.clone()),
        );
    }
    names
}

/// Issue 47 §3: every example is held to its own schema: no field the schema lacks, no value
/// of another type, in every request and answer of every operation.
#[test]
fn every_example_fits_its_schema() {
    let doc = app::api::openapi();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (at, op) in operations() {
        let request = op["requestBody"]["content"]
            .as_object()
            .into_iter()
            .flatten();
        let answers = op["responses"]
            .as_object()
            .into_iter()
            .flatten()
            .flat_map(|(_, answer)| answer["content"].as_object().into_iter().flatten());
        for (media, content) in request.chain(answers) {
            if content["example"].is_null() {
                continue;
            }
            checked += 1;
            if let Err(problem) = conforms(&content["example"], &content["schema"], &doc) {
                wrong.push(format!("{at} {media}: {problem}"));
            }
        }
    }
    assert!(checked > 500, "the examples were looked at: {checked}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether `value` is one `schema` admits, as far as examples go: its fields are the
/// schema's, its values of their types.
fn conforms(
    value: &serde_json::Value,
    schema: &serde_json::Value,
    doc: &serde_json::Value,
) -> Result<(), String> {
    use serde_json::Value;
    if let Some(name) = schema["$ref"].as_str().and_then(|r| r.rsplit('/').next()) {
        return conforms(value, &doc["components"]["schemas"][name], doc);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(members) = schema[key].as_array() {
            return members
                .iter()
                .find_map(|member| conforms(value, member, doc).ok())
                .ok_or_else(|| format!("{value} fits none of {key}"));
        }
    }
    if schema["allOf"].is_array() {
        let mut merged = serde_json::Map::new();
        all_properties(schema, doc, &mut merged);
        let whole = serde_json::json!({"type": "object", "properties": merged});
        return conforms(value, &whole, doc);
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => return Ok(()),
    };
    let fits = match value {
        Value::Null => types.contains(&"null"),
        Value::Bool(_) => types.contains(&"boolean"),
        Value::Number(n) => {
            types.contains(&"number") || (n.is_i64() || n.is_u64()) && types.contains(&"integer")
        }
        Value::String(_) => types.contains(&"string"),
        Value::Array(items) => {
            types.contains(&"array") && {
                for item in items {
                    conforms(item, &schema["items"], doc)?;
                }
                true
            }
        }
        Value::Object(fields) => {
            types.contains(&"object") && {
                let properties = schema["properties"].as_object();
                // An object without properties named is any object (a credential, say).
                let open = properties.is_none()
                    || schema["additionalProperties"].is_object()
                    || schema["additionalProperties"] == true;
                for (name, field) in fields {
                    match properties.and_then(|p| p.get(name)) {
                        Some(property) => {
                            conforms(field, property, doc).map_err(|e| format!("{name}: {e}"))?
                        }
                        None if open => {}
                        None => return Err(format!("names {name}, which its schema lacks")),
                    }
                }
                true
            }
        }
    };
    if fits {
        Ok(())
    } else {
        Err(format!("{value} is not a {types:?}"))
    }
}

/// The properties of `schema` and of every schema it is made of (`allOf`, by reference).
fn all_properties(
    schema: &serde_json::Value,
    doc: &serde_json::Value,
    into: &mut serde_json::Map<String, serde_json::Value>,
) {
    if let Some(name) = schema["$ref"].as_str().and_then(|r| r.rsplit('/').next()) {
        return all_properties(&doc["components"]["schemas"][name], doc, into);
    }
    for member in schema["allOf"].as_array().into_iter().flatten() {
        all_properties(member, doc, into);
    }
    into.extend(
        schema["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default(),
    );
}

/// Issue 47 §3: the 400 examples are what the server answers. Every operation that reads a
/// JSON body is sent one of the wrong shape (a string, not an object) by staff, and every
/// list a page that is not one; each answer is its operation's example, word for word. (It
/// found the menu's move answering with the JSON parser's text.)
#[tokio::test]
async fn the_bad_request_examples_are_the_servers_answers() {
    let app = testkit::spawn_app().await;
    let staff = app
        .signed_in_staff("staff@example.org", "a long staff passphrase")
        .await;
    let mut tried = 0;
    let mut wrong = Vec::new();
    for (_, op, method, template) in operations_with_routes() {
        let example = &op["responses"]["400"]["content"]["application/json"]["example"];
        // Sign-in's 400 is a wrong password, shown as such (and asserted above).
        if example.is_null() || template.contains("/webhook") || op["operationId"] == "login" {
            continue;
        }
        let mut path = template.clone();
        for parameter in op["parameters"].as_array().into_iter().flatten() {
            let name = parameter["name"].as_str().unwrap_or_default();
            let value = match &parameter["example"] {
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            path = path.replace(&format!("{{{name}}}"), &value);
        }
        let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let wrong_shape = serde_json::json!("not an object");
        let (status, body) = if op
            .pointer("/requestBody/content/application~1json")
            .is_some()
        {
            app.send_as(method, &staff, &path, Some(&wrong_shape)).await
        } else if example["messages"]["page"].is_array() {
            let query = if path.contains('?') {
                "&page=0"
            } else {
                "?page=0"
            };
            app.send_as(method, &staff, &format!("{path}{query}"), None)
                .await
        } else {
            continue;
        };
        tried += 1;
        if status != 400 || &body != example {
            wrong.push(format!(
                "{} {path}: {status} {body}, shown {example}",
                op["operationId"]
            ));
        }
    }
    assert!(tried > 60, "the 400 examples were tried: {tried}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every operation with its method and path template.
fn operations_with_routes() -> Vec<(String, serde_json::Value, String, String)> {
    let doc = app::api::openapi();
    let mut found = Vec::new();
    for (template, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let at = format!("{} {template}", method.to_uppercase());
            found.push((at, op.clone(), method.clone(), template.clone()));
        }
    }
    found
}
