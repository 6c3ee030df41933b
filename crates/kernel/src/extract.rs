//! Request extraction that fails into the envelope, never into actix's plain-text bodies.

use std::ops::Deref;

use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use crate::error::{AppError, NON_FIELD_ERRORS};
use crate::validation::validate;

/// Largest JSON body accepted (uploads use multipart with their own caps).
pub const JSON_LIMIT_BYTES: usize = 256 * 1024;

/// Extractor settings to register as app data so every rejection renders the envelope.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT_BYTES)
        .error_handler(|err, _| json_error(err).into())
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|err, req| query_error(err, req.query_string()).into())
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, _| path_error(err).into())
}

/// The 413 of a JSON body over its operation's limit.
pub fn body_too_large() -> AppError {
    AppError::client(
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        "The request body is too large.",
    )
}

/// The 415 of a body that is not JSON where JSON is read.
pub fn not_json() -> AppError {
    AppError::client(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
        "Send the request body as application/json.",
    )
}

fn json_error(err: JsonPayloadError) -> AppError {
    match err {
        JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => {
            body_too_large()
        }
        JsonPayloadError::ContentType => not_json(),
        JsonPayloadError::Deserialize(e) if e.is_data() => {
            AppError::bad_request("invalid", "Invalid request body.").with_detail(e.to_string())
        }
        JsonPayloadError::Deserialize(e) => {
            AppError::bad_request("parse_error", "Malformed JSON.").with_detail(e.to_string())
        }
        other => AppError::bad_request("parse_error", "Invalid request body.")
            .with_detail(other.to_string()),
    }
}

/// A query that did not parse. A value outside its choices (`?ordering=bogus`) lands on its
/// parameter with the choices, as a form's field does; the parser's words for anything else.
fn query_error(err: QueryPayloadError, query: &str) -> AppError {
    let reason = err.to_string();
    if let Some((field, message)) = outside_its_choices(&reason, query) {
        return AppError::field(&field, message);
    }
    AppError::bad_request("invalid_query", "Invalid query parameters.").with_detail(reason)
}

/// For serde's "unknown variant `bogus`, expected one of `a`, `b`": the parameter that holds
/// `bogus` in `query`, and a text naming the choices.
fn outside_its_choices(reason: &str, query: &str) -> Option<(String, String)> {
    let rest = reason.split("unknown variant `").nth(1)?;
    let (value, expected) = rest.split_once('`')?;
    let field = url::form_urlencoded::parse(query.as_bytes())
        .find(|(_, given)| given == value)?
        .0
        .into_owned();
    let choices: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    Some((field, format!("Choose one of: {}.", choices.join(", "))))
}

fn path_error(err: PathError) -> AppError {
    // A path segment of the wrong type names no resource.
    tracing::debug!(error = %err, "path did not parse");
    AppError::not_found()
}

/// JSON body that is deserialised and then checked with `validator`.
#[derive(Debug)]
pub struct ValidJson<T>(pub T);

impl<T> ValidJson<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for ValidJson<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> FromRequest for ValidJson<T>
where
    T: DeserializeOwned + validator::Validate + 'static,
{
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = checked_body::<T>(req, payload);
        Box::pin(async move { Ok(ValidJson(body.await?)) })
    }
}

/// The body parsed as JSON first (size, content type and syntax answer as for any body),
/// then into `T` with the path of what did not fit, so the error lands on its field.
fn checked_body<T>(
    req: &HttpRequest,
    payload: &mut Payload,
) -> LocalBoxFuture<'static, Result<T, actix_web::Error>>
where
    T: DeserializeOwned + validator::Validate + 'static,
{
    let json = web::Json::<serde_json::Value>::from_request(req, payload);
    Box::pin(async move { Ok(checked(json.await?.into_inner())?) })
}

fn checked<T: DeserializeOwned + validator::Validate>(
    json: serde_json::Value,
) -> Result<T, AppError> {
    let value: T = serde_path_to_error::deserialize(json).map_err(field_error)?;
    validate(&value)?;
    Ok(value)
}

/// A body whose values do not fit their fields: the field's error, in words.
fn field_error(error: serde_path_to_error::Error<serde_json::Error>) -> AppError {
    let path = error.path().to_string();
    let problem = error.inner().to_string();
    let top = path
        .split(['.', '['])
        .find(|segment| !segment.is_empty())
        .map(str::to_owned);
    if let Some(missing) = quoted(&problem, "missing field `") {
        return AppError::field(&top.unwrap_or(missing), crate::validation::REQUIRED);
    }
    let message = match quoted(&problem, "unknown variant `") {
        Some(value) => format!("\"{value}\" is not a valid choice."),
        None => INVALID_VALUE.to_owned(),
    };
    AppError::field(top.as_deref().unwrap_or(NON_FIELD_ERRORS), message)
}

/// What a value of the wrong kind (text for a number, say) is answered with.
pub const INVALID_VALUE: &str = "Invalid value.";

/// The text between `prefix` and the next backtick in serde's message.
fn quoted(problem: &str, prefix: &str) -> Option<String> {
    let rest = problem.strip_prefix(prefix)?;
    rest.split('`').next().map(str::to_owned)
}

#[cfg(test)]
mod field_error_tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Form {
        name: String,
        kind: Kind,
        count: Option<i64>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Human,
    }

    fn error_of(json: serde_json::Value) -> crate::error::ErrorBody {
        field_error(serde_path_to_error::deserialize::<_, Form>(json).unwrap_err()).body()
    }

    #[test]
    fn a_bad_value_names_its_field_in_words() {
        let body = error_of(serde_json::json!({"name": "A", "kind": "robot"}));
        assert_eq!(
            body.messages["kind"],
            vec!["\"robot\" is not a valid choice."]
        );
        assert!(!body.detail.contains("line"), "{}", body.detail);
        let body = error_of(serde_json::json!({"name": "A", "kind": "human", "count": "many"}));
        assert_eq!(body.messages["count"], vec![INVALID_VALUE]);
        let body = error_of(serde_json::json!({"kind": "human"}));
        assert_eq!(body.messages["name"], vec![crate::validation::REQUIRED]);
    }
}
