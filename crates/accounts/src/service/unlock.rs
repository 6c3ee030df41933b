//! The way back in after a lock: anyone can lock an account with wrong passwords, so the
//! lock mails its owner a single-use, expiring link that lifts it at once.

use kernel::{AppContext, AppError, AppResult};

use super::tokens::{self, Purpose};
use super::{emails, lockout, registration};
use crate::entity::user;

pub const UNLOCKED: &str = "Your account is unlocked. You can sign in now.";
pub const INVALID_TOKEN: &str = "Invalid or expired token.";

/// Mails `user` a link that lifts the lock that just started.
pub async fn offer(ctx: &AppContext, user: &user::Model) -> AppResult<()> {
    let token = tokens::issue(&ctx.db, user.id, Purpose::UnlockAccount, None).await?;
    registration::deliver(
        ctx,
        emails::unlock_account(&ctx.config.public_url, &user.email, &token),
    )
    .await;
    Ok(())
}

/// Spends the link and lifts the lock.
pub async fn unlock(ctx: &AppContext, token: &str) -> AppResult<()> {
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let spent = tokens::consume(&txn, token, Purpose::UnlockAccount)
        .await?
        .ok_or_else(|| AppError::non_field(INVALID_TOKEN))?;
    lockout::reset(&txn, spent.user_id).await?;
    txn.commit().await?;
    Ok(())
}
