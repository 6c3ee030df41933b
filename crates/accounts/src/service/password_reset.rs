//! Forgotten passwords: a mailed, single-use, expiring link sets a new one. The same
//! answer is given whether or not the e-mail is registered.

use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::tokens::{self, Purpose};
use super::{emails, me, password, password_policy, registration, session};
use crate::entity::user;

pub const EMAIL_SENT: &str = "Success. Please check your email (including your spam folder).";
pub const INVALID_TOKEN: &str = "Invalid or expired token.";
pub const UPDATED: &str = "Your password has been successfully updated.";
pub const MISMATCH: &str = "Passwords don't match";

/// Mails a reset link when the address has an account; silent otherwise.
pub async fn start(ctx: &AppContext, email: &str) -> AppResult<()> {
    let email = email.trim().to_lowercase();
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(&ctx.db)
        .await?;
    if let Some(user) = found {
        let token = tokens::issue(&ctx.db, user.id, Purpose::ResetPassword, None).await?;
        registration::deliver(
            ctx,
            emails::reset_password(&ctx.config.public_url, &user.email, &token),
        )
        .await;
    }
    Ok(())
}

/// Whether a reset or set-password link is still usable.
pub async fn check(ctx: &AppContext, token: &str, purpose: Purpose) -> AppResult<()> {
    tokens::peek(&ctx.db, token, purpose)
        .await?
        .map(|_| ())
        .ok_or_else(|| AppError::non_field(INVALID_TOKEN))
}

/// Spends the link and sets the password. Every session ends: whoever knew the old
/// password is signed out, and the lockout count starts afresh.
pub async fn complete(
    ctx: &AppContext,
    token: &str,
    purpose: Purpose,
    new_password: &str,
) -> AppResult<()> {
    if let Some(problem) = password_policy::problem(new_password) {
        return Err(AppError::field("password", problem));
    }
    let hash = password::hash_async(new_password.to_owned()).await?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let spent = tokens::consume(&txn, token, purpose)
        .await?
        .ok_or_else(|| AppError::non_field(INVALID_TOKEN))?;
    let found = me::find(&txn, spent.user_id).await?;
    let mut active: user::ActiveModel = found.into();
    if purpose == Purpose::SetPassword {
        // The link was mailed to the account's address: following it proves the address.
        active.email_confirmed = Set(true);
    }
    active.password_hash = Set(Some(hash));
    active.password_change_required = Set(false);
    active.failure_count = Set(0);
    active.locked_until = Set(None);
    let user = active.update(&txn).await?;
    session::revoke_all(&txn, user.id, None).await?;
    txn.commit().await?;
    Ok(())
}
