//! The one error type every handler returns, and the envelope it renders as.
//!
//! Shape (DESIGN.md §3): `{"message", "code", "detail", "messages": {"<field>": [..],
//! "non_field_errors": [..]}}`. 4xx answers carry the spec's texts; 5xx answers log the
//! whole error chain and say only "Something went wrong.".

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Field name under which errors that belong to no single field are listed.
pub const NON_FIELD_ERRORS: &str = "non_field_errors";
/// Keys of `messages` that speak of the form as a whole rather than one field, in the
/// order spec 1 §8 reads them.
const FORM_LEVEL: [&str; 6] = [
    NON_FIELD_ERRORS,
    "non_field",
    "detail",
    "file",
    "error",
    "details",
];

/// Text of every 5xx answer; the cause goes to the log, never to the client.
pub const SOMETHING_WENT_WRONG: &str = "Something went wrong.";

/// Per-field error texts, keyed by field name (or [`NON_FIELD_ERRORS`]).
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// The error envelope of every failed API call.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct ErrorBody {
    /// Human-readable summary, safe to show as a banner.
    pub message: String,
    /// Stable machine-readable code, e.g. `invalid`, `not_found`, `user_inactive`.
    pub code: String,
    /// The same summary, or a more precise reason when there is one.
    pub detail: String,
    /// Texts per field; `non_field_errors` for the form as a whole.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub messages: FieldErrors,
    /// Facts a client needs to word the error itself (e.g. `failure_count` and
    /// `locked_until` of a locked account).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<String, serde_json::Value>,
}

/// Errors a request can end in. Constructors carry the user-visible text.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400 with texts per field.
    #[error("invalid input")]
    Validation(FieldErrors),
    /// 400 (or another 4xx) with a code and a text and no field.
    #[error("{message}")]
    Client {
        status: StatusCode,
        code: &'static str,
        message: String,
        detail: Option<String>,
        extra: BTreeMap<String, serde_json::Value>,
    },
    /// 500: logged in full, answered generically.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// A client error with an explicit status, code and text.
    pub fn client(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self::Client {
            status,
            code,
            message: message.into(),
            detail: None,
            extra: BTreeMap::new(),
        }
    }

    /// Adds a named fact to the envelope's `extra`.
    pub fn with_extra(mut self, key: &str, value: impl Into<serde_json::Value>) -> Self {
        if let Self::Client { extra, .. } = &mut self {
            extra.insert(key.to_owned(), value.into());
        }
        self
    }

    /// Adds a detail that differs from the message (e.g. a parser's reason).
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        if let Self::Client { detail: slot, .. } = &mut self {
            *slot = Some(detail.into());
        }
        self
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn unauthorized(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::UNAUTHORIZED, code, message)
    }

    /// 403 with the spec's "not allowed" text.
    pub fn forbidden() -> Self {
        Self::client(
            StatusCode::FORBIDDEN,
            "permission_denied",
            "You are not allowed to perform this action.",
        )
    }

    /// 404 with the spec's "Not found." text.
    pub fn not_found() -> Self {
        Self::client(StatusCode::NOT_FOUND, "not_found", "Not found.")
    }

    /// `Ok(None)` for a 404, so a caller that only asks whether a thing is there can say so.
    pub fn found<T>(result: Result<T, Self>) -> Result<Option<T>, Self> {
        match result {
            Ok(value) => Ok(Some(value)),
            Err(Self::Client { status, .. }) if status == StatusCode::NOT_FOUND => Ok(None),
            Err(other) => Err(other),
        }
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::CONFLICT, code, message)
    }

    /// 400 with one message on one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::new();
        errors.insert(field.to_owned(), vec![message.into()]);
        Self::Validation(errors)
    }

    /// 400 with one message for the form as a whole.
    pub fn non_field(message: impl Into<String>) -> Self {
        Self::field(NON_FIELD_ERRORS, message)
    }

    /// The envelope this error renders as.
    pub fn body(&self) -> ErrorBody {
        match self {
            Self::Validation(messages) => {
                // The banner shows the first form-level text when there is one, in the
                // order clients read them (spec 1 §8), so `message` is the specific text.
                let message = FORM_LEVEL
                    .iter()
                    .find_map(|key| messages.get(*key).and_then(|m| m.first()))
                    .cloned()
                    .unwrap_or_else(|| "Invalid input.".to_owned());
                ErrorBody {
                    detail: message.clone(),
                    message,
                    code: "invalid".to_owned(),
                    messages: messages.clone(),
                    extra: BTreeMap::new(),
                }
            }
            Self::Client {
                code,
                message,
                detail,
                extra,
                ..
            } => ErrorBody {
                message: message.clone(),
                code: (*code).to_owned(),
                detail: detail.clone().unwrap_or_else(|| message.clone()),
                messages: FieldErrors::new(),
                extra: extra.clone(),
            },
            Self::Internal(_) => ErrorBody {
                message: SOMETHING_WENT_WRONG.to_owned(),
                code: "server_error".to_owned(),
                detail: SOMETHING_WENT_WRONG.to_owned(),
                messages: FieldErrors::new(),
                extra: BTreeMap::new(),
            },
        }
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(err: sea_orm::DbErr) -> Self {
        Self::Internal(anyhow::Error::new(err))
    }
}

impl From<sea_orm::TransactionError<AppError>> for AppError {
    fn from(err: sea_orm::TransactionError<AppError>) -> Self {
        match err {
            sea_orm::TransactionError::Connection(db) => db.into(),
            sea_orm::TransactionError::Transaction(app) => app,
        }
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::Validation(_) => StatusCode::BAD_REQUEST,
            Self::Client { status, .. } => *status,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let Self::Internal(err) = self {
            tracing::error!(error = format!("{err:#}"), "request failed");
        }
        let body = self.body();
        let mut response = HttpResponse::build(self.status_code());
        // A rate limit's answer says when to come back (RFC 9110 `Retry-After`, and the
        // IETF `RateLimit-*` fields).
        if let (Some(wait), Some(limit)) = (
            body.extra
                .get(crate::rate_limit::standing::RETRY_AFTER_SECONDS)
                .and_then(serde_json::Value::as_u64),
            body.extra
                .get(crate::rate_limit::standing::LIMIT_PER_MINUTE)
                .and_then(serde_json::Value::as_u64),
        ) {
            let refused = crate::rate_limit::standing::Standing {
                limit: u32::try_from(limit).unwrap_or(u32::MAX),
                remaining: 0,
                reset_seconds: wait,
            };
            response.insert_header(("Retry-After", wait.to_string()));
            for header in refused.headers() {
                response.insert_header(header);
            }
        }
        response.json(body)
    }
}

/// Result type of handlers and services.
pub type AppResult<T> = Result<T, AppError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_hide_their_cause() {
        let err = AppError::Internal(anyhow::anyhow!("password=hunter2 at db.rs:42"));
        let body = err.body();
        assert_eq!(err.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(body.message, SOMETHING_WENT_WRONG);
        assert!(
            !serde_json::to_string(&body)
                .unwrap_or_default()
                .contains("hunter2")
        );
    }

    #[test]
    fn the_specific_text_of_error_or_details_becomes_the_banner_message() {
        let body = AppError::field("error", "Invalid or expired confirmation code.").body();
        assert_eq!(body.message, "Invalid or expired confirmation code.");
        let body = AppError::field("details", "Set a password first.").body();
        assert_eq!(body.message, "Set a password first.");
        assert_eq!(
            AppError::field("name", "Required").body().message,
            "Invalid input."
        );
    }

    #[test]
    fn a_form_level_error_becomes_the_banner_message() {
        let body = AppError::non_field("Invalid credentials").body();
        assert_eq!(body.message, "Invalid credentials");
        assert_eq!(body.messages[NON_FIELD_ERRORS], vec!["Invalid credentials"]);
        assert_eq!(body.code, "invalid");
    }

    #[test]
    fn client_errors_keep_code_and_text() {
        let err = AppError::unauthorized("user_inactive", "User is inactive.");
        let body = err.body();
        assert_eq!(err.status_code(), StatusCode::UNAUTHORIZED);
        assert_eq!(body.code, "user_inactive");
        assert_eq!(body.detail, "User is inactive.");
        assert!(body.messages.is_empty());
    }
}
