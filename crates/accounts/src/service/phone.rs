//! Confirming a phone number with a code sent by SMS: after sign-up (which also
//! activates the account and signs it in) or when the user changes their number.

use chrono::Duration;
use kernel::{AppContext, AppError, AppResult};
use rand::Rng;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::{me, session, totp};
use crate::entity::{sms_confirmation, user};
use kernel::secret_token;

pub const CODE_SENT: &str = "A confirmation code has been sent to your phone.";
pub const PHONE_CONFIRMED: &str = "Your phone number has been successfully confirmed.";
pub const INVALID_CODE: &str = "Invalid or expired confirmation code.";
pub const INVALID_PHONE: &str = "Enter a valid phone number, e.g. +44 20 7946 0958.";
const CODE_MINUTES: i64 = 10;
const MAX_ATTEMPTS: i32 = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    ConfirmAccount,
    ChangePhone,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::ConfirmAccount => "confirm_account",
            Self::ChangePhone => "change_phone",
        }
    }
}

/// `+44 (20) 7946-0958` → `+442079460958`; `None` when it cannot be a phone number.
pub fn normalize(raw: &str) -> Option<String> {
    let trimmed = raw.trim();
    let allowed = trimmed
        .chars()
        .all(|c| c.is_ascii_digit() || " +-().".contains(c));
    let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    let plus_first =
        !trimmed.contains('+') || (trimmed.starts_with('+') && trimmed.matches('+').count() == 1);
    (allowed && plus_first && (7..=15).contains(&digits.len())).then(|| {
        if trimmed.starts_with('+') {
            format!("+{digits}")
        } else {
            digits
        }
    })
}

fn error(text: &str) -> AppError {
    // Spec §8: phone and SMS failures are read from messages.error.
    AppError::field("error", text)
}

/// Sends a fresh code to `phone` and returns the token that redeems it.
pub async fn send_code(
    ctx: &AppContext,
    db: &impl ConnectionTrait,
    user_id: i64,
    phone: &str,
    purpose: Purpose,
) -> AppResult<String> {
    sms_confirmation::Entity::delete_many()
        .filter(sms_confirmation::Column::UserId.eq(user_id))
        .filter(sms_confirmation::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000));
    let token = secret_token::generate();
    let now = kernel::clock::now();
    sms_confirmation::ActiveModel {
        user_id: Set(user_id),
        purpose: Set(purpose.as_str().to_owned()),
        phone_number: Set(phone.to_owned()),
        code_hash: Set(secret_token::hash(&code)),
        token_hash: Set(secret_token::hash(&token)),
        attempts: Set(0),
        created_at: Set(now),
        expires_at: Set(now + Duration::minutes(CODE_MINUTES)),
        used_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let text =
        format!("Your Cohort confirmation code is {code}. It expires in {CODE_MINUTES} minutes.");
    if let Err(err) = ctx.sms.send(phone, &text).await {
        tracing::error!(error = %err, "could not send SMS");
        return Err(error("We could not send the SMS. Please try again later."));
    }
    Ok(token)
}

async fn live(db: &impl ConnectionTrait, token: &str) -> AppResult<sms_confirmation::Model> {
    sms_confirmation::Entity::find()
        .filter(sms_confirmation::Column::TokenHash.eq(secret_token::hash(token)))
        .filter(sms_confirmation::Column::UsedAt.is_null())
        .filter(sms_confirmation::Column::ExpiresAt.gt(kernel::clock::now()))
        .filter(sms_confirmation::Column::Attempts.lt(MAX_ATTEMPTS))
        .one(db)
        .await?
        .ok_or_else(|| error(INVALID_CODE))
}

/// Starts a phone change for a signed-in user, after checking their password.
pub async fn start_change(
    ctx: &AppContext,
    user_id: i64,
    raw_phone: &str,
    current_password: &str,
) -> AppResult<String> {
    let phone =
        normalize(raw_phone).ok_or_else(|| AppError::field("phone_number", INVALID_PHONE))?;
    let found = me::find(&ctx.db, user_id).await?;
    totp::require_password(&found, Some(current_password)).await?;
    send_code(ctx, &ctx.db, user_id, &phone, Purpose::ChangePhone).await
}

/// Sends a new code for the same confirmation.
pub async fn resend(ctx: &AppContext, token: &str) -> AppResult<String> {
    let pending = live(&ctx.db, token).await?;
    let purpose = if pending.purpose == Purpose::ConfirmAccount.as_str() {
        Purpose::ConfirmAccount
    } else {
        Purpose::ChangePhone
    };
    send_code(
        ctx,
        &ctx.db,
        pending.user_id,
        &pending.phone_number,
        purpose,
    )
    .await
}

/// What a confirmed code leads to.
pub struct PhoneConfirmed {
    /// Set after sign-up: the account is active and signed in.
    pub access: Option<String>,
}

/// Confirms the phone with `code`; after sign-up this signs in, from the browser
/// `user_agent` names.
pub async fn confirm(
    ctx: &AppContext,
    token: &str,
    code: &str,
    user_agent: Option<&str>,
) -> AppResult<PhoneConfirmed> {
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let pending = live(&txn, token).await?;
    if secret_token::hash(code.trim()) != pending.code_hash {
        let mut active: sms_confirmation::ActiveModel = pending.clone().into();
        active.attempts = Set(pending.attempts + 1);
        active.update(&txn).await?;
        txn.commit().await?;
        return Err(error(INVALID_CODE));
    }
    let mut spent: sms_confirmation::ActiveModel = pending.clone().into();
    spent.used_at = Set(Some(kernel::clock::now()));
    spent.update(&txn).await?;

    let found = me::find(&txn, pending.user_id).await?;
    if found.deactivated_at.is_some() {
        return Err(AppError::unauthorized(
            "user_inactive",
            session::USER_INACTIVE,
        ));
    }
    let mut account: user::ActiveModel = found.into();
    account.phone_number = Set(Some(pending.phone_number.clone()));
    account.phone_confirmed = Set(true);
    let signs_in = pending.purpose == Purpose::ConfirmAccount.as_str();
    if signs_in {
        account.is_active = Set(true);
    }
    account.update(&txn).await?;
    let access = if signs_in {
        Some(session::issue(&txn, pending.user_id, user_agent).await?)
    } else {
        None
    };
    txn.commit().await?;
    Ok(PhoneConfirmed { access })
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn normalizes_phone_numbers() {
        assert_eq!(
            normalize("+44 (20) 7946-0958").as_deref(),
            Some("+442079460958")
        );
        assert_eq!(normalize("020 7946 0958").as_deref(), Some("02079460958"));
        assert_eq!(normalize("12345"), None);
        assert_eq!(normalize("call me"), None);
        assert_eq!(normalize("+1+2 345 678 901"), None);
    }
}
