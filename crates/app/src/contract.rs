//! Tidies the generated contract: utoipa writes the type inside a generic envelope
//! (`Data<GroupDetail>`, `Page<Comment>`) out in full wherever the envelope is used, so each
//! `Data_X` / `Page_X` carried its own copy of `X` and the generated client a model file per
//! copy. Here every such copy that is exactly a named component becomes a reference to it:
//! one definition per type, in the contract, in Swagger UI and in the client.

mod errors;
pub mod examples;
pub mod headers;
pub(crate) mod security;

use std::collections::HashMap;

use utoipa::openapi::schema::{ArrayItems, Schema};
use utoipa::openapi::{OpenApi, Ref, RefOr};

/// The contract with every inline copy of a named component replaced by a reference.
pub fn refer_to_components(mut doc: OpenApi) -> OpenApi {
    let Some(components) = doc.components.as_mut() else {
        return doc;
    };
    let named = referable(&components.schemas);
    for schema in components.schemas.values_mut() {
        refer_within(schema, &named);
    }
    doc
}

/// The contract as JSON with examples throughout (see [`examples`]), and each place it could
/// not illustrate. (As JSON because utoipa's types do not read back what they write: an
/// any-value schema is written `{}`.)
pub fn with_examples(doc: OpenApi) -> (serde_json::Value, Vec<String>) {
    let mut json = serde_json::to_value(&doc).unwrap_or_default();
    unwrap_descriptions(&mut json);
    let problems = examples::document(&mut json, &errors::example);
    name_schemas_plainly(&mut json);
    (json, problems)
}

/// A schema's name as an integrator reads it, without the Rust types utoipa names it after:
/// `Data_Vec_LookupItem` is `Data_LookupItemList`, the error envelope's `BTreeMap` of texts per
/// field is `FieldMessages`.
fn plain_name(name: &str) -> Option<String> {
    if name == "BTreeMap" {
        return Some("FieldMessages".to_owned());
    }
    let (envelope, item) = name.split_once("_Vec_")?;
    Some(format!("{envelope}_{item}List"))
}

/// Renames each schema [`plain_name`] renames, and every reference to it.
fn name_schemas_plainly(json: &mut serde_json::Value) {
    let Some(schemas) = json
        .pointer_mut("/components/schemas")
        .and_then(|s| s.as_object_mut())
    else {
        return;
    };
    let renamed: HashMap<String, String> = schemas
        .keys()
        .filter_map(|name| plain_name(name).map(|plain| (name.clone(), plain)))
        .filter(|(_, plain)| !schemas.contains_key(plain))
        .collect();
    for (old, new) in &renamed {
        if let Some(schema) = schemas.remove(old) {
            schemas.insert(new.clone(), schema);
        }
    }
    // serde_json's map keeps keys sorted: the renamed ones take their places among the rest.
    let by_reference: HashMap<String, String> = renamed
        .into_iter()
        .map(|(old, new)| {
            (
                format!("#/components/schemas/{old}"),
                format!("#/components/schemas/{new}"),
            )
        })
        .collect();
    rename_references(json, &by_reference);
}

fn rename_references(value: &mut serde_json::Value, renamed: &HashMap<String, String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                match child {
                    serde_json::Value::String(target) if key == "$ref" => {
                        if let Some(new) = renamed.get(target.as_str()) {
                            *target = new.clone();
                        }
                    }
                    _ => rename_references(child, renamed),
                }
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                rename_references(item, renamed);
            }
        }
        _ => {}
    }
}

/// utoipa keeps a doc comment's line breaks; an operation's description reads as
/// paragraphs, each on one line (generated clients copy it into their comments).
fn unwrap_descriptions(json: &mut serde_json::Value) {
    let Some(paths) = json.get_mut("paths").and_then(|p| p.as_object_mut()) else {
        return;
    };
    let operations = paths
        .values_mut()
        .filter_map(|item| item.as_object_mut())
        .flat_map(|item| item.values_mut());
    for operation in operations {
        if let Some(serde_json::Value::String(text)) = operation.get_mut("description") {
            *text = text
                .split("\n\n")
                .map(|paragraph| paragraph.replace('\n', " "))
                .collect::<Vec<_>>()
                .join("\n\n");
        }
    }
}

/// A schema's exact text, to recognise copies by.
fn text(schema: &RefOr<Schema>) -> String {
    serde_json::to_string(schema).unwrap_or_default()
}

/// Each component worth referring to (an object or an enumeration), by its exact text;
/// two components with the same text are ambiguous and left inline.
fn referable<'a>(
    schemas: impl IntoIterator<Item = (&'a String, &'a RefOr<Schema>)>,
) -> HashMap<String, Option<String>> {
    let mut named: HashMap<String, Option<String>> = HashMap::new();
    for (name, schema) in schemas {
        let structured = match schema {
            RefOr::T(Schema::Object(object)) => {
                !object.properties.is_empty() || object.enum_values.is_some()
            }
            _ => false,
        };
        if !structured || name.starts_with("Data_") || name.starts_with("Page_") {
            continue;
        }
        named
            .entry(text(schema))
            .and_modify(|found| *found = None)
            .or_insert_with(|| Some(name.clone()));
    }
    named
}

/// Replaces, below `schema` (never `schema` itself), each copy of a named component: the
/// properties of objects and the items of arrays, as deep as they go.
fn refer_within(schema: &mut RefOr<Schema>, named: &HashMap<String, Option<String>>) {
    let children: Vec<&mut RefOr<Schema>> = match schema {
        RefOr::T(Schema::Object(object)) => object.properties.values_mut().collect(),
        RefOr::T(Schema::Array(array)) => match &mut array.items {
            ArrayItems::RefOrSchema(items) => vec![items.as_mut()],
            ArrayItems::False => Vec::new(),
        },
        RefOr::T(Schema::OneOf(one_of)) => one_of.items.iter_mut().collect(),
        _ => Vec::new(),
    };
    for child in children {
        match named.get(&text(child)) {
            Some(Some(name)) => *child = RefOr::Ref(Ref::from_schema_name(name.clone())),
            _ => refer_within(child, named),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn no_schema_is_named_after_a_rust_type_and_every_reference_follows_its_new_name() {
        let (json, _) = with_examples(refer_to_components(
            crate::api::mount(actix_web::App::new()).1,
        ));
        let Some(schemas) = json["components"]["schemas"].as_object() else {
            panic!("the contract has no schemas");
        };
        for name in schemas.keys() {
            for rust in ["Vec_", "BTreeMap", "HashMap", "Option_", "String_"] {
                assert!(!name.contains(rust), "{name}");
            }
        }
        assert!(schemas.contains_key("Data_LookupItemList"));
        assert!(schemas.contains_key("FieldMessages"));
        let text = json.to_string();
        let mut at = 0;
        while let Some(found) = text[at..].find("#/components/schemas/") {
            let start = at + found + "#/components/schemas/".len();
            let end = start + text[start..].find('"').unwrap_or(0);
            assert!(
                schemas.contains_key(&text[start..end]),
                "{}",
                &text[start..end]
            );
            at = end;
        }
    }

    #[test]
    fn an_envelope_refers_to_the_type_it_carries() {
        let item = json!({"type": "object", "properties": {"id": {"type": "integer"}}});
        let doc: OpenApi = serde_json::from_value(json!({
            "openapi": "3.1.0",
            "info": {"title": "t", "version": "1"},
            "paths": {},
            "components": {"schemas": {
                "Item": item,
                "Data_Item": {"type": "object", "properties": {"data": item}},
                "Page_Item": {"type": "object", "properties": {
                    "data": {"type": "array", "items": item}
                }},
            }},
        }))
        .unwrap_or_default();
        let tidy = serde_json::to_value(refer_to_components(doc)).unwrap_or_default();
        let schemas = &tidy["components"]["schemas"];
        assert_eq!(
            schemas["Data_Item"]["properties"]["data"],
            json!({"$ref": "#/components/schemas/Item"})
        );
        assert_eq!(
            schemas["Page_Item"]["properties"]["data"]["items"],
            json!({"$ref": "#/components/schemas/Item"})
        );
        assert_eq!(schemas["Item"], item, "a component stays itself");
    }

    #[test]
    fn twins_are_left_inline() {
        let twin = json!({"type": "object", "properties": {"message": {"type": "string"}}});
        let doc: OpenApi = serde_json::from_value(json!({
            "openapi": "3.1.0",
            "info": {"title": "t", "version": "1"},
            "paths": {},
            "components": {"schemas": {
                "A": twin, "B": twin,
                "Data_A": {"type": "object", "properties": {"data": twin}},
            }},
        }))
        .unwrap_or_default();
        let tidy = serde_json::to_value(refer_to_components(doc)).unwrap_or_default();
        assert_eq!(
            tidy["components"]["schemas"]["Data_A"]["properties"]["data"],
            twin
        );
    }

    #[test]
    fn descriptions_read_as_paragraphs() {
        let mut doc = json!({"paths": {"/a": {"get": {
            "description": "One line\nwrapped.\n\nA second\nparagraph."
        }}}});
        unwrap_descriptions(&mut doc);
        assert_eq!(
            doc["paths"]["/a"]["get"]["description"],
            "One line wrapped.\n\nA second paragraph."
        );
    }
}
