//! What only the groups tests need; the factories live in `testkit::groups`.

use serde_json::Value;

pub use testkit::groups::{approved_group, draft, lookup_id, moderate, setup, submit, tag_id};

/// Titles of a list response, in order.
pub fn titles(body: &Value) -> Vec<String> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["title"].as_str().unwrap().to_owned())
        .collect()
}
