//! The contract's error examples: one envelope per status, built by the same constructors
//! the server answers with, so the documented texts are the real ones.

use serde_json::{Map, Value};

use kernel::AppError;

/// The example envelope per status (`default` for any other), as JSON.
pub fn examples() -> Map<String, Value> {
    let errors = [
        (
            "400",
            AppError::field("email", kernel::validation::INVALID_EMAIL),
        ),
        (
            "401",
            AppError::unauthorized("not_authenticated", kernel::auth::NOT_AUTHENTICATED),
        ),
        ("403", AppError::forbidden()),
        ("404", AppError::not_found()),
        (
            "409",
            AppError::conflict(
                "already_member",
                groups::service::membership::ALREADY_MEMBER,
            ),
        ),
        ("413", kernel::extract::body_too_large()),
        ("415", kernel::extract::not_json()),
        ("429", kernel::rate_limit::throttled(30, 10)),
        ("503", crate::health::database_unavailable()),
        (
            "default",
            AppError::Internal(anyhow::anyhow!("an unexpected failure")),
        ),
    ];
    errors
        .into_iter()
        .map(|(status, error)| {
            let body = serde_json::to_value(error.body()).unwrap_or_default();
            (status.to_owned(), body)
        })
        .collect()
}
