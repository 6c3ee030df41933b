//! Request extraction that fails into the envelope, never into actix's plain-text bodies.

use std::ops::Deref;

use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use crate::error::AppError;
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
    web::QueryConfig::default().error_handler(|err, _| query_error(err).into())
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, _| path_error(err).into())
}

fn json_error(err: JsonPayloadError) -> AppError {
    match err {
        JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => {
            AppError::client(
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                "The request body is too large.",
            )
        }
        JsonPayloadError::ContentType => AppError::client(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the request body as application/json.",
        ),
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

fn query_error(err: QueryPayloadError) -> AppError {
    AppError::bad_request("invalid_query", "Invalid query parameters.").with_detail(err.to_string())
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
        let json = web::Json::<T>::from_request(req, payload);
        Box::pin(async move {
            let value = json.await?.into_inner();
            validate(&value)?;
            Ok(ValidJson(value))
        })
    }
}
