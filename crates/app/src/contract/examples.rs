//! Examples throughout the contract, so Swagger UI and any generated documentation show a
//! realistic call instead of `"string"` and `0`. Values come from one vocabulary
//! (`examples.json`, by property or parameter name, or `Schema.property` for one schema's
//! own) and from a few rules for names whose shape says the value (`can_*` is a flag,
//! `*_at` a moment, `*_cents` an amount). Each is checked against the schema it
//! illustrates. An operation's request and answer examples are composed from its schemas'
//! examples, so they cannot drift from the types they show.
//!
//! The pass works on the contract as JSON; what it could not illustrate it reports, and the
//! contract's test holds that list empty.

use std::collections::HashSet;
use std::sync::LazyLock;

use serde_json::{Map, Value, json};

/// Example values by name: each entry lists candidates; the first that fits is taken. (A
/// file that does not parse leaves every name without a value, which the test reports.)
/// Values the server holds as constants are taken from them, not copied.
static VOCABULARY: LazyLock<Map<String, Value>> = LazyLock::new(|| {
    let mut vocabulary: Map<String, Value> =
        serde_json::from_str(include_str!("examples.json")).unwrap_or_default();
    vocabulary.insert(
        "platform_fee_percent".to_owned(),
        json!([projects::service::ledger::PLATFORM_FEE_PERCENT]),
    );
    vocabulary
});

/// How deep composition follows references (a reply's parent is a reply).
const MAX_DEPTH: usize = 8;

/// What an operation takes, as far as its error examples need.
#[derive(Debug, Default)]
pub struct Inputs {
    /// Whether it reads a JSON request.
    pub json_body: bool,
    /// Whether it takes `page` in its query (a list).
    pub paged: bool,
}

/// The error envelope an operation (by `operationId`) answers a status with, if one is true
/// of it.
pub type ErrorExamples<'a> = dyn Fn(&str, &str, &Inputs) -> Option<Value> + 'a;

/// Adds examples to every schema property, parameter, request body and JSON answer of
/// `doc` (an error envelope shows what `errors` gives for its operation and status, or no
/// example), and returns each place it could not illustrate.
pub fn document(doc: &mut Value, errors: &ErrorExamples) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    {
        for (name, schema) in schemas.iter_mut() {
            illustrate_schema(name, schema, &mut problems);
        }
    }
    let components = doc
        .pointer("/components/schemas")
        .cloned()
        .unwrap_or_default();
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return problems;
    };
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for (method, operation) in item.iter_mut() {
            let at = format!("{} {path}", method.to_uppercase());
            illustrate_operation(&at, operation, &components, &mut problems);
            illustrate_errors(operation, errors);
        }
    }
    problems
}

/// A component: an enumeration shows its first value; an object each of its properties.
fn illustrate_schema(name: &str, schema: &mut Value, problems: &mut Vec<String>) {
    if let Some(first) = first_enum_value(schema) {
        set_example(schema, first);
        return;
    }
    illustrate_properties(name, schema, problems);
}

/// Every primitive property below `schema` (through `allOf`/`oneOf` members, inline objects
/// and arrays of them) gets an example; references carry their component's own.
fn illustrate_properties(owner: &str, schema: &mut Value, problems: &mut Vec<String>) {
    for key in ["allOf", "oneOf", "anyOf"] {
        if let Some(members) = schema.get_mut(key).and_then(Value::as_array_mut) {
            for member in members {
                illustrate_properties(owner, member, problems);
            }
        }
    }
    if let Some(items) = schema.get_mut("items") {
        illustrate_properties(owner, items, problems);
    }
    let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    for (property, child) in properties.iter_mut() {
        if is_primitive(child) || is_primitive_array(child) {
            if child.get("examples").is_none() && !is_binary(child) {
                match pick(&format!("{owner}.{property}"), property, child) {
                    Some(value) => set_example(child, value),
                    None => problems.push(format!("schema {owner}.{property}")),
                }
            }
        } else {
            illustrate_properties(owner, child, problems);
        }
    }
}

/// The parameters, the request body and the successful JSON answers of one operation.
fn illustrate_operation(
    at: &str,
    operation: &mut Value,
    components: &Value,
    problems: &mut Vec<String>,
) {
    if let Some(parameters) = operation
        .get_mut("parameters")
        .and_then(Value::as_array_mut)
    {
        for parameter in parameters {
            let name = parameter["name"].as_str().unwrap_or_default().to_owned();
            let schema = parameter.get("schema").cloned().unwrap_or_default();
            let value = compose(&schema, components, &mut HashSet::new())
                .or_else(|| pick(&name, &name, &schema));
            match value {
                Some(value) => {
                    parameter["example"] = value;
                }
                None => problems.push(format!("{at}: parameter {name}")),
            }
        }
    }
    if let Some(contents) = operation
        .pointer_mut("/requestBody/content")
        .and_then(Value::as_object_mut)
    {
        for (media, content) in contents.iter_mut() {
            illustrate_content(
                &format!("{at}: request {media}"),
                content,
                components,
                problems,
            );
        }
    }
    let Some(responses) = operation
        .get_mut("responses")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for (status, response) in responses.iter_mut() {
        if !status.starts_with('2') {
            continue;
        }
        let Some(contents) = response.get_mut("content").and_then(Value::as_object_mut) else {
            continue;
        };
        if let Some(content) = contents.get_mut("application/json") {
            illustrate_content(&format!("{at}: {status}"), content, components, problems);
        }
    }
}

/// Each error answer in the envelope shows the envelope the server sends this operation
/// with that status, or none when no example would be true of it.
fn illustrate_errors(operation: &mut Value, errors: &ErrorExamples) {
    let id = operation["operationId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let json_body = operation
        .pointer("/requestBody/content/application~1json")
        .is_some();
    let paged = operation["parameters"].as_array().is_some_and(|all| {
        all.iter()
            .any(|p| p["in"] == "query" && p["name"] == "page")
    });
    let inputs = Inputs { json_body, paged };
    let Some(responses) = operation
        .get_mut("responses")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for (status, response) in responses.iter_mut() {
        let Some(content) = response
            .pointer_mut("/content/application~1json")
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        let envelope = content.get("schema").and_then(|s| s.get("$ref"))
            == Some(&json!("#/components/schemas/ErrorBody"));
        if !envelope {
            continue;
        }
        match errors(&id, status, &inputs) {
            Some(example) => content.insert("example".to_owned(), example),
            None => content.remove("example"),
        };
    }
}

/// A media type's example, composed from its schema.
fn illustrate_content(
    at: &str,
    content: &mut Value,
    components: &Value,
    problems: &mut Vec<String>,
) {
    if content.get("example").is_some() {
        return;
    }
    let schema = content.get("schema").cloned().unwrap_or_default();
    match compose(&schema, components, &mut HashSet::new()) {
        Some(example) => content["example"] = example,
        None => problems.push(at.to_owned()),
    }
}

/// A whole value for `schema` from the examples below it, following references.
fn compose(schema: &Value, components: &Value, seen: &mut HashSet<String>) -> Option<Value> {
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.rsplit('/').next()?.to_owned();
        if seen.len() >= MAX_DEPTH || !seen.insert(name.clone()) {
            return None;
        }
        let value = compose(components.get(&name)?, components, seen);
        seen.remove(&name);
        return value;
    }
    if let Some(example) = schema.get("examples").and_then(|e| e.get(0)) {
        return Some(example.clone());
    }
    if let Some(first) = first_enum_value(schema) {
        return Some(first);
    }
    if let Some(members) = schema.get("allOf").and_then(Value::as_array) {
        let mut merged = Map::new();
        for member in members {
            if let Some(Value::Object(part)) = compose(member, components, seen) {
                merged.extend(part);
            }
        }
        return Some(Value::Object(merged));
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(members) = schema.get(key).and_then(Value::as_array) {
            return members
                .iter()
                .filter(|member| member.get("type") != Some(&json!("null")))
                .find_map(|member| compose(member, components, seen));
        }
    }
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        let object = properties
            .iter()
            .filter_map(|(name, child)| Some((name.clone(), compose(child, components, seen)?)))
            .collect();
        return Some(Value::Object(object));
    }
    if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
        // A map keyed by field name (the error envelope's `fields`).
        return Some(json!({ "email": compose(values, components, seen)? }));
    }
    if has_type(schema, "array") {
        let item = compose(schema.get("items")?, components, seen);
        return Some(Value::Array(item.into_iter().collect()));
    }
    None
}

/// The first candidate for a property that fits its schema: the owner's own entry, the
/// name's, an inline enumeration's first value, then the rules.
fn pick(qualified: &str, name: &str, schema: &Value) -> Option<Value> {
    let listed = [qualified, name]
        .into_iter()
        .filter_map(|key| VOCABULARY.get(key).and_then(Value::as_array))
        .flatten()
        .cloned();
    listed
        .chain(first_enum_value(schema))
        .chain(rule(name, schema))
        .find(|candidate| fits(candidate, schema))
}

/// A value for names whose shape says it.
fn rule(name: &str, schema: &Value) -> Option<Value> {
    let format = schema.get("format").and_then(Value::as_str);
    if ["can_", "is_", "has_"].iter().any(|p| name.starts_with(p)) {
        Some(json!(true))
    } else if name.ends_with("_at") || format == Some("date-time") {
        Some(json!("2026-11-27T09:30:00Z"))
    } else if format == Some("date") {
        Some(json!("2026-11-27"))
    } else if name.ends_with("_cents") {
        Some(json!(250_000))
    } else if format == Some("email") {
        Some(json!("ada.lovelace@example.org"))
    } else {
        None
    }
}

/// Whether `value` is one `schema` admits: its type (or null), enumeration, length,
/// bounds and format, and for arrays each item.
fn fits(value: &Value, schema: &Value) -> bool {
    if value.is_null() {
        return has_type(schema, "null");
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values.contains(value);
    }
    let typed = match value {
        Value::Bool(_) => has_type(schema, "boolean"),
        Value::Number(n) => {
            has_type(schema, "number") || (n.is_i64() || n.is_u64()) && has_type(schema, "integer")
        }
        Value::String(text) => has_type(schema, "string") && fits_text(text, schema),
        Value::Array(items) => {
            has_type(schema, "array")
                && schema
                    .get("items")
                    .is_some_and(|item| items.iter().all(|v| fits(v, item)))
        }
        Value::Object(_) | Value::Null => false,
    };
    typed && within_bounds(value, schema)
}

/// A string's length and format.
fn fits_text(text: &str, schema: &Value) -> bool {
    let chars = text.chars().count() as u64;
    let max = schema.get("maxLength").and_then(Value::as_u64);
    let min = schema.get("minLength").and_then(Value::as_u64);
    if max.is_some_and(|max| chars > max) || min.is_some_and(|min| chars < min) {
        return false;
    }
    match schema.get("format").and_then(Value::as_str) {
        Some("date-time") => chrono::DateTime::parse_from_rfc3339(text).is_ok(),
        Some("date") => chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").is_ok(),
        Some("email") => text.contains('@'),
        Some("uri") => text.starts_with("https://") || text.starts_with("http://"),
        _ => true,
    }
}

/// A number's `minimum` and `maximum`.
fn within_bounds(value: &Value, schema: &Value) -> bool {
    let Some(number) = value.as_f64() else {
        return true;
    };
    let min = schema.get("minimum").and_then(Value::as_f64);
    let max = schema.get("maximum").and_then(Value::as_f64);
    !(min.is_some_and(|min| number < min) || max.is_some_and(|max| number > max))
}

fn has_type(schema: &Value, wanted: &str) -> bool {
    match schema.get("type") {
        Some(Value::String(one)) => one == wanted,
        Some(Value::Array(many)) => many.iter().any(|t| t == wanted),
        _ => false,
    }
}

fn is_primitive(schema: &Value) -> bool {
    schema.get("properties").is_none()
        && ["string", "integer", "number", "boolean"]
            .iter()
            .any(|t| has_type(schema, t))
}

fn is_primitive_array(schema: &Value) -> bool {
    has_type(schema, "array") && schema.get("items").is_some_and(is_primitive)
}

fn is_binary(schema: &Value) -> bool {
    let format = |s: &Value| s.get("format") == Some(&json!("binary"));
    format(schema) || schema.get("items").is_some_and(format)
}

fn first_enum_value(schema: &Value) -> Option<Value> {
    schema
        .get("enum")?
        .as_array()?
        .iter()
        .find(|v| !v.is_null())
        .cloned()
}

/// OpenAPI 3.1 schemas take JSON Schema's `examples` (a list).
fn set_example(schema: &mut Value, value: Value) {
    if let Some(object) = schema.as_object_mut() {
        object.insert("examples".to_owned(), json!([value]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        json!({
            "paths": {"/api/things/{id}": {"get": {
                "parameters": [{"name": "id", "in": "path", "schema": {"type": "integer"}}],
                "responses": {"200": {"description": "", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Thing"}}}}}
            }}},
            "components": {"schemas": {
                "Kind": {"type": "string", "enum": ["stroke", "cardiology"]},
                "Thing": {"type": "object", "properties": {
                    "id": {"type": "integer"},
                    "title": {"type": "string", "maxLength": 200},
                    "can_edit": {"type": "boolean"},
                    "created_at": {"type": "string", "format": "date-time"},
                    "kind": {"$ref": "#/components/schemas/Kind"},
                    "parent": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/Thing"}]}
                }}
            }}
        })
    }

    #[test]
    fn properties_parameters_and_answers_get_examples_that_fit() {
        let mut doc = doc();
        let errors = |_: &str, status: &str, _: &Inputs| {
            (status == "404").then(|| json!({"code": "not_found"}))
        };
        doc["paths"]["/api/things/{id}"]["get"]["responses"]["404"] = json!({
            "description": "", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/ErrorBody"}}}
        });
        assert!(document(&mut doc, &errors).is_empty());
        let thing = &doc["components"]["schemas"]["Thing"]["properties"];
        assert_eq!(thing["id"]["examples"], json!([42]));
        assert_eq!(thing["can_edit"]["examples"], json!([true]));
        assert_eq!(
            thing["created_at"]["examples"],
            json!(["2026-11-27T09:30:00Z"])
        );
        assert_eq!(
            doc["components"]["schemas"]["Kind"]["examples"],
            json!(["stroke"])
        );
        let operation = &doc["paths"]["/api/things/{id}"]["get"];
        assert_eq!(operation["parameters"][0]["example"], json!(42));
        let answer = &operation["responses"]["200"]["content"]["application/json"]["example"];
        assert_eq!(answer["kind"], json!("stroke"));
        assert_eq!(answer["title"], json!("Stroke rehabilitation at home"));
        // A reference back to a schema being composed is left out, not followed forever.
        assert!(answer.get("parent").is_none());
        let refusal = &operation["responses"]["404"]["content"]["application/json"]["example"];
        assert_eq!(refusal["code"], "not_found");
    }

    #[test]
    fn a_name_without_a_fitting_value_is_reported() {
        let mut doc = doc();
        doc["components"]["schemas"]["Thing"]["properties"]["zeppelin"] = json!({"type": "string"});
        doc["components"]["schemas"]["Thing"]["properties"]["title"]["maxLength"] = json!(5);
        let problems = document(&mut doc, &|_, _, _| None);
        assert_eq!(problems, ["schema Thing.title", "schema Thing.zeppelin"]);
    }

    #[test]
    fn a_refusal_is_drawn_from_the_operations_own_inputs_or_left_without_example() {
        let mut doc = doc();
        let thing = &mut doc["paths"]["/api/things/{id}"]["get"];
        thing["operationId"] = json!("updateThing");
        thing["requestBody"] = json!({"content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/ThingRequest"}}}});
        for status in ["400", "409"] {
            thing["responses"][status] = json!({"description": "", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"},
                    "example": {"code": "copied"}}}});
        }
        doc["components"]["schemas"]["ThingRequest"] = json!({"type": "object",
            "required": ["title", "kind"],
            "properties": {"title": {"type": "string"}, "kind": {"type": "string"}}});
        let errors = |id: &str, status: &str, inputs: &Inputs| {
            (status == "400")
                .then(|| json!({"operation": id, "json": inputs.json_body, "paged": inputs.paged}))
        };
        document(&mut doc, &errors);
        let answers = &doc["paths"]["/api/things/{id}"]["get"]["responses"];
        assert_eq!(
            answers["400"]["content"]["application/json"]["example"],
            json!({"operation": "updateThing", "json": true, "paged": false})
        );
        assert!(
            answers["409"]["content"]["application/json"]
                .get("example")
                .is_none()
        );
    }

    #[test]
    fn candidates_are_held_to_their_schema() {
        assert!(fits(&json!(42), &json!({"type": ["integer", "null"]})));
        assert!(!fits(&json!("42"), &json!({"type": "integer"})));
        assert!(!fits(&json!(4.5), &json!({"type": "integer"})));
        assert!(!fits(
            &json!("soon"),
            &json!({"type": "string", "format": "date-time"})
        ));
        assert!(!fits(&json!(7), &json!({"type": "integer", "maximum": 5})));
        assert!(!fits(
            &json!("x"),
            &json!({"type": "string", "enum": ["a"]})
        ));
        assert!(fits(
            &json!([1, 2]),
            &json!({"type": "array", "items": {"type": "integer"}})
        ));
        assert!(!fits(
            &json!(["a"]),
            &json!({"type": "array", "items": {"type": "integer"}})
        ));
    }
}
