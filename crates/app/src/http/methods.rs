//! `405 Method Not Allowed` (with `Allow`) for a method an `/api` path does not take.
//! actix routes by path and method together, so a known path called with another method
//! fell through to the 404 of an unknown route, or into a neighbouring route's
//! extractors. The contract knows every path and its methods: this table, built from it,
//! answers first.

use std::sync::Arc;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{ALLOW, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};
use kernel::AppError;
use serde_json::Value;

/// What one segment of a path template accepts.
#[derive(Debug, Clone, PartialEq)]
enum Segment {
    Literal(String),
    /// An integer parameter: a segment that does not parse names no such resource.
    Integer,
    /// A parameter with a fixed set of values.
    OneOf(Vec<String>),
    /// Free text of at least this many characters (a token is never short).
    Text(usize),
}

/// What a known path takes.
#[derive(Debug, Default, PartialEq)]
pub struct Allowed {
    /// Every method of every template the path matches.
    pub any: Vec<Method>,
    /// The methods listed in `Allow`.
    pub advertised: Vec<Method>,
}

/// Every `/api` path template of the contract with the methods it takes.
#[derive(Debug, Default)]
pub struct MethodTable {
    routes: Vec<(Vec<Segment>, Vec<Method>)>,
}

const METHODS: [&str; 5] = ["get", "put", "post", "delete", "patch"];

impl MethodTable {
    /// Reads the table from the OpenAPI document.
    pub fn from_contract(doc: &Value) -> Self {
        let mut routes = Vec::new();
        let Some(paths) = doc["paths"].as_object() else {
            return Self::default();
        };
        for (template, item) in paths {
            let methods: Vec<Method> = METHODS
                .iter()
                .filter(|m| item.get(**m).is_some())
                .filter_map(|m| Method::from_bytes(m.to_uppercase().as_bytes()).ok())
                .collect();
            let parameters: Vec<&Value> = METHODS
                .iter()
                .filter_map(|m| item.get(*m))
                .flat_map(|op| op["parameters"].as_array().into_iter().flatten())
                .filter(|p| p["in"] == "path")
                .collect();
            let segments = template
                .trim_start_matches('/')
                .split('/')
                .map(
                    |part| match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                        Some(name) => parameter(name, &parameters),
                        None => Segment::Literal(part.to_owned()),
                    },
                )
                .collect();
            routes.push((segments, methods));
        }
        Self { routes }
    }

    /// For a path the contract knows: every method some matching template takes, and the
    /// methods to advertise in `Allow` (those of the most specific matching templates: a
    /// typed parameter is a closer match than free text, so `/invited-members/7` is the
    /// invitation with id 7 before it is an invitation hash). `None` for unknown paths.
    pub fn allowed(&self, path: &str) -> Option<Allowed> {
        let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let mut found: Option<Allowed> = None;
        let mut best = 0;
        for (segments, methods) in &self.routes {
            let matches = segments.len() == parts.len()
                && segments.iter().zip(&parts).all(|(s, p)| accepts(s, p));
            if !matches {
                continue;
            }
            let score = segments
                .iter()
                .filter(|s| !matches!(s, Segment::Text(_)))
                .count();
            let allowed = found.get_or_insert_with(Allowed::default);
            allowed.any.extend(methods.iter().cloned());
            if score > best || allowed.advertised.is_empty() {
                best = score;
                allowed.advertised = methods.clone();
            } else if score == best {
                allowed.advertised.extend(methods.iter().cloned());
            }
        }
        found
    }
}

fn parameter(name: &str, parameters: &[&Value]) -> Segment {
    let Some(schema) = parameters
        .iter()
        .find(|p| p["name"] == name)
        .map(|p| &p["schema"])
    else {
        return Segment::Text(1);
    };
    if let Some(values) = schema["enum"].as_array() {
        return Segment::OneOf(
            values
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
        );
    }
    if schema["type"] == "integer" {
        return Segment::Integer;
    }
    let shortest = schema["minLength"].as_u64().unwrap_or(1);
    Segment::Text(usize::try_from(shortest).unwrap_or(1).max(1))
}

fn accepts(segment: &Segment, part: &str) -> bool {
    match segment {
        Segment::Literal(text) => text == part,
        // Written as an integer is written: `0007` or 32 zeros read as free text.
        Segment::Integer => part.parse::<i64>().is_ok_and(|n| n.to_string() == part),
        Segment::OneOf(values) => values.iter().any(|v| v == part),
        Segment::Text(shortest) => part.chars().count() >= *shortest,
    }
}

/// Answers 405 (with `Allow`) before routing when the contract knows the path but not the
/// method.
pub async fn method_allowed(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let allowed = req
        .app_data::<web::Data<Arc<MethodTable>>>()
        .filter(|_| req.path().starts_with("/api/"))
        .and_then(|table| table.allowed(req.path()));
    if let Some(allowed) = allowed.filter(|a| !a.any.contains(req.method())) {
        let mut response = AppError::client(
            actix_web::http::StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "Method not allowed.",
        )
        .error_response();
        let list: Vec<&str> = allowed.advertised.iter().map(Method::as_str).collect();
        if let Ok(value) = HeaderValue::from_str(&list.join(", ")) {
            response.headers_mut().insert(ALLOW, value);
        }
        return Ok(req.into_response(response));
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}

/// `HEAD` answers wherever `GET` does (RFC 9110 §9.3.2: the same headers, no body): the
/// request is routed as a `GET`, and the server, which read the method off the wire, sends
/// the answer's headers only. Monitors and link checkers probe with `HEAD`; without this a
/// page, the API's documents and the health checks answered them 404 or 405.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> MethodTable {
        MethodTable::from_contract(&serde_json::json!({"paths": {
            "/api/groups/{slug}/members/leave": {"post": {}},
            "/api/groups/{slug}/members/{member_id}": {
                "put": {"parameters": [{"name": "member_id", "in": "path", "schema": {"type": "integer"}}]},
                "delete": {}
            },
            "/api/{topic_type}/{id}/discussions": {
                "get": {"parameters": [{"name": "topic_type", "in": "path", "schema": {"type": "string", "enum": ["groups", "blog"]}}]}
            }
        }}))
    }

    fn advertised(table: &MethodTable, path: &str) -> Option<Vec<Method>> {
        table.allowed(path).map(|a| a.advertised)
    }

    #[test]
    fn known_paths_list_their_methods() {
        let table = table();
        assert_eq!(
            advertised(&table, "/api/groups/a/members/leave"),
            Some(vec![Method::POST])
        );
        assert_eq!(
            advertised(&table, "/api/groups/a/members/7"),
            Some(vec![Method::PUT, Method::DELETE])
        );
        assert_eq!(
            advertised(&table, "/api/blog/3/discussions"),
            Some(vec![Method::GET])
        );
        assert_eq!(table.allowed("/api/nothing/3/discussions"), None);
        assert_eq!(table.allowed("/api/no/such/path"), None);
    }

    #[test]
    fn a_typed_parameter_is_the_closer_match_for_allow() {
        let table = MethodTable::from_contract(&serde_json::json!({"paths": {
            "/api/i/{id}": {"delete": {"parameters": [{"name": "id", "in": "path", "schema": {"type": "integer"}}]}},
            "/api/i/{hash}": {"get": {}, "post": {}}
        }}));
        let numeric = table.allowed("/api/i/7").unwrap();
        assert_eq!(numeric.advertised, vec![Method::DELETE]);
        assert!(
            numeric.any.contains(&Method::GET),
            "a numeric hash still reads"
        );
        assert_eq!(
            advertised(&table, "/api/i/ab"),
            Some(vec![Method::GET, Method::POST])
        );
    }
}
