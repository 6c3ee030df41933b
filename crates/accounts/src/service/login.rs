//! Signing in with e-mail and password, with lockout after repeated failures.

use chrono::{DateTime, Duration, Utc};
use kernel::{AppError, AppResult};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::{password, session, totp};
use crate::entity::{totp_device, user};

/// Spec §8 (document 1): the banner for wrong e-mail or password.
pub const INVALID_CREDENTIALS: &str = "Invalid credentials";
/// Spec §8: shown when the server's detail is "not confirmed user".
pub const CONFIRM_EMAIL: &str = "Please confirm your email address";
pub const NOT_CONFIRMED_DETAIL: &str = "not confirmed user";

/// Consecutive failures that lock an account, and for how long.
pub const LOCK_AFTER_FAILURES: i32 = 10;
pub const LOCK_MINUTES: i64 = 10;

/// A PHC hash of a random password: verifying against it costs what a real check
/// costs, so an unknown e-mail cannot be told apart by timing.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$8s0Zk0D0wVh1hYb7Hc0rj2hY5ZqUuO9mQj8cW0n6v5k";

/// Spec §8: "Locked due {count} failed attempts till {date time}" (MMM dd YYY, HH:mm).
fn locked(count: i32, until: DateTime<Utc>) -> AppError {
    let when = until.format("%b %d %Y, %H:%M");
    AppError::client(
        actix_web::http::StatusCode::FORBIDDEN,
        "account_locked",
        format!("Locked due {count} failed attempts till {when}"),
    )
    .with_extra("failure_count", count)
    .with_extra("locked_until", until.to_rfc3339())
}

/// What a correct password leads to.
pub enum LoginOutcome {
    /// A new session's bearer token.
    Session(String),
    /// Two-factor is on and no code was sent: ask for one from these devices.
    CodeRequired(Vec<totp_device::Model>),
}

/// The second factor sent with a sign-in, if any.
pub struct SecondFactor<'a> {
    pub token: Option<&'a str>,
    pub device_id: Option<&'a str>,
}

/// Checks the credentials (and the authenticator code when two-factor is on) and
/// starts a session.
pub async fn login(
    db: &impl ConnectionTrait,
    email: &str,
    password_text: &str,
    second: SecondFactor<'_>,
) -> AppResult<LoginOutcome> {
    let email = email.trim().to_lowercase();
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(db)
        .await?;
    let now = Utc::now();
    if let Some((user, until)) = found.as_ref().and_then(|u| {
        u.locked_until
            .filter(|until| *until > now)
            .map(|until| (u, until))
    }) {
        return Err(locked(user.failure_count, until));
    }
    let hash = found
        .as_ref()
        .and_then(|u| u.password_hash.as_deref())
        .unwrap_or(DUMMY_HASH);
    let matches = password::verify_async(password_text.to_owned(), hash.to_owned()).await?;
    let Some(user) = found else {
        return Err(AppError::non_field(INVALID_CREDENTIALS));
    };
    if !matches {
        return Err(record_failure(db, user, now, AppError::non_field(INVALID_CREDENTIALS)).await?);
    }
    // A confirmed phone also proves the sign-up (spec: SMS confirmation signs in).
    if !user.email_confirmed && !user.phone_confirmed {
        return Err(AppError::bad_request("not_confirmed_user", CONFIRM_EMAIL)
            .with_detail(NOT_CONFIRMED_DETAIL));
    }
    if !user.is_active {
        return Err(AppError::unauthorized(
            "user_inactive",
            session::USER_INACTIVE,
        ));
    }
    let devices = totp::confirmed_devices(db, user.id).await?;
    if !devices.is_empty() {
        let Some(code) = second.token.filter(|t| !t.trim().is_empty()) else {
            return Ok(LoginOutcome::CodeRequired(devices));
        };
        let chosen = second
            .device_id
            .and_then(|id| devices.iter().find(|d| d.id.to_string() == id))
            .or_else(|| devices.first())
            .cloned();
        let Some(chosen) = chosen else {
            return Ok(LoginOutcome::CodeRequired(devices));
        };
        if !totp::accept_code(db, chosen, &user.email, code).await? {
            return Err(record_failure(
                db,
                user,
                now,
                AppError::field("token", totp::INVALID_TOKEN),
            )
            .await?);
        }
    }
    if user.failure_count != 0 || user.locked_until.is_some() {
        let mut active: user::ActiveModel = user.clone().into();
        active.failure_count = Set(0);
        active.locked_until = Set(None);
        active.update(db).await?;
    }
    Ok(LoginOutcome::Session(session::issue(db, user.id).await?))
}

/// Counts a failed attempt and returns the error to answer with: the lock once it
/// starts, `otherwise` before.
async fn record_failure(
    db: &impl ConnectionTrait,
    user: user::Model,
    now: DateTime<Utc>,
    otherwise: AppError,
) -> AppResult<AppError> {
    // A lock that has run out starts the count afresh.
    let previous = if user.locked_until.is_some() {
        0
    } else {
        user.failure_count
    };
    let count = previous + 1;
    let locked_until =
        (count >= LOCK_AFTER_FAILURES).then(|| now + Duration::minutes(LOCK_MINUTES));
    let mut active: user::ActiveModel = user.into();
    active.failure_count = Set(count);
    active.locked_until = Set(locked_until);
    active.update(db).await?;
    Ok(match locked_until {
        Some(until) => locked(count, until),
        None => otherwise,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_dummy_hash_parses_so_it_costs_a_real_verification() {
        assert!(argon2::password_hash::PasswordHash::new(super::DUMMY_HASH).is_ok());
    }

    #[test]
    fn the_lock_message_uses_the_spec_wording() {
        let until = chrono::DateTime::parse_from_rfc3339("2026-11-22T19:05:00Z")
            .unwrap()
            .to_utc();
        let body = super::locked(10, until).body();
        assert_eq!(
            body.message,
            "Locked due 10 failed attempts till Nov 22 2026, 19:05"
        );
        assert_eq!(body.extra["failure_count"], 10);
    }
}
