//! The JSON Canonicalization Scheme (RFC 8785): one exact text for a JSON value, so a
//! signature over it holds however the document was later spaced or its members ordered.
//! Object members sorted by their names' UTF-16 code units, no whitespace, strings escaped
//! as ECMAScript's `JSON.stringify` does, numbers in ECMAScript's shortest form.

use serde_json::Value;

/// The canonical text of `value`.
pub fn canonical(value: &Value) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

fn write(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&number(n)),
        Value::String(s) => out.push_str(&string(s)),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        Value::Object(members) => {
            let mut names: Vec<&String> = members.keys().collect();
            names.sort_by_cached_key(|name| name.encode_utf16().collect::<Vec<u16>>());
            out.push('{');
            for (i, name) in names.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&string(name));
                out.push(':');
                write(&members[name], out);
            }
            out.push('}');
        }
    }
}

/// serde_json escapes exactly the characters `JSON.stringify` does (`"`, `\`, and control
/// characters, as `\b \t \n \f \r` or lowercase `\u00xx`), and nothing else.
fn string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// Integers as they are; other numbers in the shortest form that reads back the same, as
/// ECMAScript writes them for the magnitudes credentials carry.
fn number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    let f = n.as_f64().unwrap_or_default();
    if f.fract() == 0.0 && f.abs() < 1e15 {
        #[allow(clippy::cast_possible_truncation)]
        return (f as i64).to_string();
    }
    format!("{f}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn members_are_sorted_and_spacing_goes() {
        let value: Value =
            serde_json::from_str(r#"{ "b": [1, 2.0, {"z": null, "a": true}], "a": "x" }"#)
                .unwrap_or_default();
        assert_eq!(
            canonical(&value),
            r#"{"a":"x","b":[1,2,{"a":true,"z":null}]}"#
        );
    }

    #[test]
    fn strings_are_escaped_as_ecmascript_does() {
        let value = json!({"s": "é€\"\\\n\u{1f}/<"});
        assert_eq!(canonical(&value), "{\"s\":\"é€\\\"\\\\\\n\\u001f/<\"}");
    }

    #[test]
    fn names_sort_by_utf16_code_units() {
        // RFC 8785 §3.2.3: U+1F600 is a surrogate pair (D83D DE00) and so sorts before
        // U+FB33, though its code point is the larger.
        let value = json!({"\u{fb33}": 3, "\u{1f600}": 2, "1": 1, "\r": 0});
        assert_eq!(
            canonical(&value),
            "{\"\\r\":0,\"1\":1,\"\u{1f600}\":2,\"\u{fb33}\":3}"
        );
    }

    #[test]
    fn fractions_keep_their_shortest_form() {
        assert_eq!(canonical(&json!([1.5, 0.1, 100.0, -3])), "[1.5,0.1,100,-3]");
    }
}
