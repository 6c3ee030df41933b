//! Signing in with e-mail and password.

use kernel::{AppError, AppResult};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::{password, session};
use crate::entity::user;

/// Spec §8 (document 1): the banner for wrong e-mail or password.
pub const INVALID_CREDENTIALS: &str = "Invalid credentials";
/// Spec §8: shown when the server's detail is "not confirmed user".
pub const CONFIRM_EMAIL: &str = "Please confirm your email address";
pub const NOT_CONFIRMED_DETAIL: &str = "not confirmed user";

/// A PHC hash of a random password: verifying against it costs what a real check
/// costs, so an unknown e-mail cannot be told apart by timing.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$8s0Zk0D0wVh1hYb7Hc0rj2hY5ZqUuO9mQj8cW0n6v5k";

/// Checks the credentials and starts a session, returning its token.
pub async fn login(
    db: &impl ConnectionTrait,
    email: &str,
    password_text: &str,
) -> AppResult<String> {
    let email = email.trim().to_lowercase();
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(db)
        .await?;
    let hash = found
        .as_ref()
        .and_then(|u| u.password_hash.as_deref())
        .unwrap_or(DUMMY_HASH);
    let matches = password::verify(password_text, hash);
    let user = match found {
        Some(user) if matches => user,
        _ => return Err(AppError::non_field(INVALID_CREDENTIALS)),
    };
    if !user.email_confirmed {
        return Err(AppError::bad_request("not_confirmed_user", CONFIRM_EMAIL)
            .with_detail(NOT_CONFIRMED_DETAIL));
    }
    if !user.is_active {
        return Err(AppError::unauthorized(
            "user_inactive",
            session::USER_INACTIVE,
        ));
    }
    session::issue(db, user.id).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_dummy_hash_parses_so_it_costs_a_real_verification() {
        assert!(argon2::password_hash::PasswordHash::new(super::DUMMY_HASH).is_ok());
    }
}
