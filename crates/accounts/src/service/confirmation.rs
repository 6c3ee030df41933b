//! Confirming the e-mail address: the link activates the account and signs it in.

use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, Set};

use super::tokens::{self, Purpose};
use super::{emails, me, registration, session};

pub const INVALID_CODE: &str = "Invalid or expired confirmation code.";
pub const VERIFIED: &str = "Your email has been successfully verified.";
pub const CHECK_EMAIL: &str = "Please check your email (including your spam folder).";
pub const ALREADY_CONFIRMED: &str = "Your email is already confirmed.";

pub struct Confirmed {
    pub access: String,
    pub redirect_to: Option<String>,
}

pub async fn confirm(
    db: &sea_orm::DatabaseConnection,
    token: &str,
    user_agent: Option<&str>,
) -> AppResult<Confirmed> {
    let txn = kernel::db::begin_write(db).await?;
    let spent = tokens::consume(&txn, token, Purpose::ConfirmEmail)
        .await?
        .ok_or_else(|| AppError::non_field(INVALID_CODE))?;
    let user = me::find(&txn, spent.user_id).await?;
    if user.deactivated_at.is_some() {
        return Err(AppError::unauthorized(
            "user_inactive",
            session::USER_INACTIVE,
        ));
    }
    let mut active: crate::entity::user::ActiveModel = user.into();
    active.email_confirmed = Set(true);
    active.is_active = Set(true);
    let user = active.update(&txn).await?;
    let access = session::issue(&txn, user.id, user_agent).await?;
    txn.commit().await?;
    Ok(Confirmed {
        access,
        redirect_to: spent.payload,
    })
}

/// Mails a fresh confirmation link to a signed-in user whose e-mail is unconfirmed.
pub async fn resend(ctx: &AppContext, user_id: i64) -> AppResult<()> {
    let user = me::find(&ctx.db, user_id).await?;
    if user.email_confirmed {
        return Err(AppError::non_field(ALREADY_CONFIRMED));
    }
    let token = tokens::issue(&ctx.db, user.id, Purpose::ConfirmEmail, None).await?;
    let mail = emails::confirm_account(
        &ctx.config.public_url,
        &user.email,
        &user.name,
        &token,
        None,
    );
    registration::deliver(ctx, mail).await;
    Ok(())
}
