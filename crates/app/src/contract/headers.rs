//! The answer headers a client relies on, in the contract: `X-Request-Id` on every answer,
//! `ETag` (and the 304 it allows) on the public reads served from memory, and on the
//! rate-limited forms `RateLimit-*` on every answer and `Retry-After` on the 429. Generators
//! expose documented headers; undocumented ones are invisible to an integrator.

use serde_json::{Map, Value, json};

/// The operations whose answers carry `RateLimit-*` (each checks a form's quota per client:
/// `kernel::rate_limit`). A test sends each and reads the headers back.
pub const RATE_LIMITED: [&str; 15] = [
    "login",
    "register",
    "forgotPassword",
    "validateResetToken",
    "confirmResetPassword",
    "setupUniversityEmail",
    "emailConfirmStart",
    "phoneConfirmStart",
    "confirmAccountSms",
    "resendSmsCode",
    "unlockAccount",
    "validateSetPasswordToken",
    "setPassword",
    "contactUs",
    "signUpForUpdates",
];

fn header(description: &str, schema: Value) -> Value {
    json!({"description": description, "schema": schema})
}

/// The shared header definitions, under `components.headers`.
fn definitions() -> Map<String, Value> {
    let seconds = json!({"type": "integer", "minimum": 0, "examples": [20]});
    [
        (
            "X-Request-Id",
            header(
                "The request's id, as this server's logs name it: quote it when reporting a problem.",
                json!({"type": "string", "format": "uuid", "examples": ["3c5aa628-031c-4167-a68c-10dbb4d741ab"]}),
            ),
        ),
        (
            "ETag",
            header(
                "The answer's version: send it back in `If-None-Match` to get a 304 while it is unchanged.",
                json!({"type": "string", "examples": ["\"9f2c4e1a7b3d5f60\""]}),
            ),
        ),
        (
            "RateLimit-Limit",
            header(
                "Attempts a minute this form takes from one client (IETF RateLimit header fields).",
                json!({"type": "integer", "minimum": 1, "examples": [10]}),
            ),
        ),
        (
            "RateLimit-Remaining",
            header(
                "Attempts the client has left at once.",
                json!({"type": "integer", "minimum": 0, "examples": [9]}),
            ),
        ),
        (
            "RateLimit-Reset",
            header("Seconds until the whole quota is back.", seconds.clone()),
        ),
        (
            "Retry-After",
            header("On a 429: seconds to wait before trying again.", seconds),
        ),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect()
}

fn reference(name: &str) -> Value {
    json!({"$ref": format!("#/components/headers/{name}")})
}

/// Documents the headers in `doc` (the contract as JSON); `cached` are the path prefixes
/// whose visitor reads are answered from memory with an `ETag`.
pub fn document(doc: &mut Value, cached: &[&str]) {
    if let Some(components) = doc.get_mut("components").and_then(Value::as_object_mut) {
        components.insert("headers".to_owned(), Value::Object(definitions()));
    }
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for (template, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        let is_cached = cached.iter().any(|prefix| template.starts_with(prefix));
        for (method, operation) in item.iter_mut() {
            let id = operation["operationId"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let limited = RATE_LIMITED.contains(&id.as_str());
            let Some(responses) = operation
                .get_mut("responses")
                .and_then(Value::as_object_mut)
            else {
                continue;
            };
            if is_cached && method == "get" {
                responses.entry("304").or_insert_with(|| {
                    json!({"description": "Unchanged since the `ETag` sent in `If-None-Match`."})
                });
            }
            for (status, response) in responses.iter_mut() {
                let Some(response) = response.as_object_mut().filter(|r| !r.contains_key("$ref"))
                else {
                    continue;
                };
                let Some(headers) = response
                    .entry("headers")
                    .or_insert_with(|| json!({}))
                    .as_object_mut()
                else {
                    continue;
                };
                headers.insert("X-Request-Id".to_owned(), reference("X-Request-Id"));
                if is_cached && method == "get" && (status == "200" || status == "304") {
                    headers.insert("ETag".to_owned(), reference("ETag"));
                }
                if limited {
                    for name in ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] {
                        headers.insert(name.to_owned(), reference(name));
                    }
                }
                if limited && (status == "429" || status == "default") {
                    headers.insert("Retry-After".to_owned(), reference("Retry-After"));
                }
            }
        }
    }
}
