//! Signing in with e-mail and password, with lockout after repeated failures.

use chrono::{DateTime, Duration, Utc};
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::{lockout, password, recovery_codes, session, totp, unlock};
use crate::entity::{totp_device, user};

/// Spec §8 (document 1): the banner for wrong e-mail or password.
pub const INVALID_CREDENTIALS: &str = "Invalid credentials";
/// Spec §8: shown when the server's detail is "not confirmed user".
pub const CONFIRM_EMAIL: &str = "Please confirm your email address";
pub const NOT_CONFIRMED_DETAIL: &str = "not confirmed user";

/// A PHC hash of a random password: verifying against it costs what a real check
/// costs, so an unknown e-mail cannot be told apart by timing.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$8s0Zk0D0wVh1hYb7Hc0rj2hY5ZqUuO9mQj8cW0n6v5k";

/// Spec §8: "Locked due {count} failed attempts till {date time}" (MMM dd YYY, HH:mm).
pub fn locked(count: i32, until: DateTime<Utc>) -> AppError {
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
    /// One of the member's recovery codes, in place of the authenticator's code.
    pub recovery_code: Option<&'a str>,
}

/// Who is signing in: the account's e-mail and password, and the browser's `User-Agent`
/// (what the member's list of sessions names the session by).
pub struct Credentials<'a> {
    pub email: &'a str,
    pub password: &'a str,
    pub user_agent: Option<&'a str>,
}

/// Checks the credentials (and the authenticator code when two-factor is on) and
/// starts a session.
///
/// Every check claims one attempt from the account's budget *before* the (slow) password
/// verification, in one atomic `UPDATE`: parallel guesses each take their own attempt, so
/// no more than [`lockout::LOCK_AFTER_FAILURES`] passwords are ever verified before the lock, and
/// the lock mails the owner a link that lifts it at once.
pub async fn login(
    ctx: &AppContext,
    credentials: Credentials<'_>,
    second: SecondFactor<'_>,
) -> AppResult<LoginOutcome> {
    let db = &ctx.db;
    let password_text = credentials.password;
    let email = credentials.email.trim().to_lowercase();
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(db)
        .await?;
    let Some(user) = found else {
        // Costs what a real check costs, so an unknown e-mail cannot be told apart.
        password::verify_async(password_text.to_owned(), DUMMY_HASH.to_owned()).await?;
        return Err(AppError::non_field(INVALID_CREDENTIALS));
    };
    let now = kernel::clock::now();
    if let Some(until) = user.locked_until {
        if until > now {
            return Err(locked(user.failure_count, until));
        }
        lockout::clear_expired(db, user.id, now).await?;
    }
    let claimed = claim_attempt(ctx, &user, now).await?;
    let hash = user
        .password_hash
        .clone()
        .unwrap_or_else(|| DUMMY_HASH.to_owned());
    if !password::verify_async(password_text.to_owned(), hash).await? {
        return Err(failure(&claimed, AppError::non_field(INVALID_CREDENTIALS)));
    }
    // The password is right: the consecutive-failure count starts afresh.
    lockout::reset(db, user.id).await?;
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
    if let (false, Some(code)) = (devices.is_empty(), second.recovery_code) {
        if !recovery_codes::spend(ctx, &user, code).await? {
            let claimed = claim_attempt(ctx, &user, kernel::clock::now()).await?;
            let refused = AppError::field("recovery_code", recovery_codes::INVALID_CODE);
            return Err(failure(&claimed, refused));
        }
    } else if !devices.is_empty() {
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
        let checked = totp::accept_code(db, chosen, &user.email, code).await?;
        if let Some(refused) = checked.refusal() {
            let claimed = claim_attempt(ctx, &user, kernel::clock::now()).await?;
            return Err(failure(&claimed, refused));
        }
    }
    Ok(LoginOutcome::Session(
        session::issue(db, user.id, credentials.user_agent).await?,
    ))
}

/// Takes one attempt for `user`, or answers with the lock when none is left. The
/// attempt that uses the last one starts the lock and mails the owner the unlock link.
async fn claim_attempt(
    ctx: &AppContext,
    user: &user::Model,
    now: DateTime<Utc>,
) -> AppResult<lockout::Claimed> {
    let until = now + Duration::minutes(lockout::LOCK_MINUTES);
    match lockout::claim(&ctx.db, user.id, until).await? {
        Some(claimed) => {
            if claimed.starts_lock() {
                unlock::offer(ctx, user).await?;
            }
            Ok(claimed)
        }
        None => {
            let current = super::me::find(&ctx.db, user.id).await?;
            Err(locked(
                current.failure_count,
                current.locked_until.unwrap_or(until),
            ))
        }
    }
}

/// The answer to a failed check: the lock once the attempt started it, `otherwise` before.
fn failure(claimed: &lockout::Claimed, otherwise: AppError) -> AppError {
    match claimed.locked_until {
        Some(until) => locked(claimed.failure_count, until),
        None => otherwise,
    }
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
