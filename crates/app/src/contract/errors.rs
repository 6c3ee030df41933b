//! The contract's error examples, built by the same constructors the server answers with, so
//! the documented texts are the real ones. An operation shows its own refusal where the
//! status alone does not say it (a conflict, a sign-in's wrong password); a 400 what the
//! operation's own input of the wrong shape is answered with; any other status the envelope
//! every operation answers it with.

use chrono::{TimeZone, Utc};
use serde_json::Value;

use kernel::AppError;
use kernel::pagination::PageParams;

use super::examples::Inputs;

/// The error envelope the operation `operation` (its `operationId`) answers with `status`;
/// none where no example would be true of it (a 400 of an operation without fields, a
/// conflict nobody has described).
pub fn example(operation: &str, status: &str, inputs: &Inputs) -> Option<Value> {
    let error = particular(operation, status).or_else(|| match status {
        "400" => input_refused(inputs),
        "409" => None,
        _ => Some(general(status)),
    })?;
    serde_json::to_value(error.body()).ok()
}

/// The operations whose refusal with a status is their own, by `operationId`: every
/// conflict, sign-in's answers, and the 400 of an operation that reads its input in its own
/// way (the contract tests hold every 409, and every 400 shown, to the server's answer).
pub fn particular(operation: &str, status: &str) -> Option<AppError> {
    use accounts::service::{login, session, your_data};
    let error = match (operation, status) {
        ("login", "400") => AppError::non_field(login::INVALID_CREDENTIALS),
        ("login", "401") => AppError::unauthorized("user_inactive", session::USER_INACTIVE),
        ("login", "403") => login::locked(
            accounts::service::lockout::LOCK_AFTER_FAILURES,
            Utc.with_ymd_and_hms(2026, 11, 27, 9, 40, 0).single()?,
        ),
        ("disableTotp" | "renewRecoveryCodes", "400") => {
            AppError::field("current_password", kernel::validation::REQUIRED_SHORT)
        }
        ("search", "400") => AppError::field("q", search::service::EMPTY),
        ("verifyCredential", "400") => {
            AppError::bad_request("not_ours", learning::service::credential::NOT_OURS)
        }
        ("publishGroupAgreement", "409") => AppError::conflict(
            "agreement_changed",
            groups::service::agreements::PUBLISHED_MEANWHILE,
        ),
        ("requestMyData", "409") => AppError::client(
            actix_web::http::StatusCode::CONFLICT,
            "export_recent",
            your_data::TOO_SOON,
        ),
        ("addReference", "409") => {
            AppError::conflict("already_linked", references::service::ALREADY)
        }
        ("createApiToken", "409") => accounts::service::api_tokens::too_many(),
        ("registerProtocol", "409") => projects::service::protocols::register::changed(2),
        ("reportMilestone" | "uploadMilestoneFile" | "removeMilestoneFile", "409") => {
            use projects::service::escrow::guard::{NOT_OPEN, changed};
            changed(NOT_OPEN)
        }
        ("postResults", "409") => projects::service::results::posted(),
        ("staffVerifyMilestone" | "staffReturnMilestone", "409") => {
            use projects::service::escrow::guard::{NOT_REPORTED, changed};
            changed(NOT_REPORTED)
        }
        ("updateEvent" | "cancelEvent" | "answerEvent", "409") => {
            meetings::service::scheduling::over()
        }
        ("createWebhook", "409") => webhooks::service::endpoints::too_many(),
        ("redeliverWebhook", "409") => webhooks::service::deliveries::turned_off(),
        ("report", "409") => moderation::service::reporting::already(),
        ("staffDeleteBlogCategory", "409") => content::service::blog_admin::category_in_use(3),
        ("staffDeleteLookup", "409") => groups::service::lookups_admin::entry_in_use(2),
        ("staffDeleteQuiz", "409") => AppError::conflict(
            "quiz_taken",
            learning::service::quizzes_admin::LOCKED_DELETE,
        ),
        _ => return None,
    };
    Some(error)
}

/// What the server answers a request of the wrong shape: a JSON body that is not an
/// object (the same for every operation that reads one), or a list asked for a page that is
/// not one. (Which field a request without fields is told of first depends on the
/// operation's form, so no such example is shown.)
fn input_refused(inputs: &Inputs) -> Option<AppError> {
    if inputs.json_body {
        return Some(AppError::field(
            kernel::error::NON_FIELD_ERRORS,
            kernel::extract::INVALID_VALUE,
        ));
    }
    let beyond = PageParams {
        page: Some(0),
        ..Default::default()
    };
    inputs.paged.then(|| beyond.page().err()).flatten()
}

/// The envelope any operation answers `status` with (`default` for a failure of ours).
fn general(status: &str) -> AppError {
    match status {
        "401" => AppError::unauthorized("not_authenticated", kernel::auth::NOT_AUTHENTICATED),
        "403" => AppError::forbidden(),
        "404" => AppError::not_found(),
        "413" => kernel::extract::body_too_large(),
        "415" => kernel::extract::not_json(),
        "429" => kernel::rate_limit::throttled(30, 10),
        "503" => crate::routes::health::database_unavailable(),
        _ => AppError::Internal(anyhow::anyhow!("an unexpected failure")),
    }
}
