//! Two-factor sign-in with an authenticator app (RFC 6238: SHA-1, 6 digits, 30 s, one
//! step of skew). Each accepted code moves `last_used_step` on, so a code replayed
//! within its window is refused.

use kernel::{AppError, AppResult};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use totp_rs::{Builder, Secret, Totp};

use super::{me, password, recovery_codes};
use crate::entity::totp_device;

pub const INVALID_TOKEN: &str = "Invalid token";
/// A right code whose step was used already (set-up, then sign-in within the same 30 s).
pub const CODE_USED: &str = "This code was already used — wait for the next one.";
pub const OTP_SET: &str = "Otp has been successfully set.";
pub const TOTP_UPDATED: &str = "TOTP settings has been successfully updated";
pub const WRONG_PASSWORD: &str = "The password is incorrect.";
const ISSUER: &str = "Cohort";

/// An authenticator's code as sign-in and setup read it: six digits, or the spec's "Invalid
/// token" (what a code that fails shows, in the form and from the server alike).
pub struct CodeRule;

/// A code that has six digits; whether it is right is [`accept_code`]'s to say.
pub type AuthenticatorCode = kernel::input::Checked<CodeRule>;

impl kernel::input::Rule for CodeRule {
    const MISSING: kernel::validation::FieldText = kernel::input::Code::MISSING;

    fn check(value: serde_json::Value) -> Result<String, std::borrow::Cow<'static, str>> {
        kernel::input::Code::check(value).map_err(|text| {
            if text == kernel::validation::FieldText::SixDigitCode.as_str() {
                INVALID_TOKEN.into()
            } else {
                text
            }
        })
    }

    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
        kernel::input::Code::schema()
    }
}

/// What setup shows once: the QR code and, for manual entry, the secret.
pub struct Setup {
    pub qrcode: String,
    pub secret: String,
}

fn totp(secret: &str, account: &str) -> AppResult<Totp> {
    let secret = Secret::try_from_base32(secret)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("totp secret: {e}")))?;
    Builder::new()
        .with_secret(secret)
        .with_issuer(Some(ISSUER))
        .with_account_name(account)
        .build()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("totp: {e}")))
}

/// The user's confirmed devices.
pub async fn confirmed_devices(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> AppResult<Vec<totp_device::Model>> {
    Ok(totp_device::Entity::find()
        .filter(totp_device::Column::UserId.eq(user_id))
        .filter(totp_device::Column::Confirmed.eq(true))
        .order_by_asc(totp_device::Column::Id)
        .all(db)
        .await?)
}

/// Starts setup: a new secret on an unconfirmed device, replacing any earlier attempt.
pub async fn start_setup(db: &impl ConnectionTrait, user_id: i64) -> AppResult<Setup> {
    let user = me::find(db, user_id).await?;
    totp_device::Entity::delete_many()
        .filter(totp_device::Column::UserId.eq(user_id))
        .filter(totp_device::Column::Confirmed.eq(false))
        .exec(db)
        .await?;
    let secret = Secret::generate().to_base32();
    let generator = totp(&secret, &user.email)?;
    let png = generator
        .to_qr_base64()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("qr code: {e}")))?;
    totp_device::ActiveModel {
        user_id: Set(user_id),
        secret: Set(secret.clone()),
        confirmed: Set(false),
        last_used_step: Set(0),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(Setup {
        qrcode: format!("data:image/png;base64,{png}"),
        secret,
    })
}

/// What checking a code found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeCheck {
    Accepted,
    /// Not the device's code now (nor one step either side).
    Invalid,
    /// The device's code, but its step was used already: the person waits for the next one.
    Used,
}

impl CodeCheck {
    /// The refusal on the `token` field, when the code was not accepted.
    pub fn refusal(self) -> Option<AppError> {
        match self {
            Self::Accepted => None,
            Self::Invalid => Some(AppError::field("token", INVALID_TOKEN)),
            Self::Used => Some(AppError::field("token", CODE_USED)),
        }
    }
}

/// Accepts `code` for `device` once: the matched step must be newer than the last one.
pub async fn accept_code(
    db: &impl ConnectionTrait,
    device: totp_device::Model,
    account: &str,
    code: &str,
) -> AppResult<CodeCheck> {
    let generator = totp(&device.secret, account)?;
    let Some(step) = generator.check_current(code.trim()) else {
        return Ok(CodeCheck::Invalid);
    };
    let step = i64::try_from(step).unwrap_or(i64::MAX);
    if step <= device.last_used_step {
        return Ok(CodeCheck::Used);
    }
    // Conditional on the old step, so two concurrent uses of one code cannot both pass.
    let moved = totp_device::Entity::update_many()
        .col_expr(
            totp_device::Column::LastUsedStep,
            sea_orm::sea_query::Expr::value(step),
        )
        .filter(totp_device::Column::Id.eq(device.id))
        .filter(totp_device::Column::LastUsedStep.eq(device.last_used_step))
        .exec(db)
        .await?;
    Ok(if moved.rows_affected == 1 {
        CodeCheck::Accepted
    } else {
        CodeCheck::Used
    })
}

/// Checks the current password where the account has one; SSO-only accounts have none.
pub async fn require_password(
    user: &crate::entity::user::Model,
    current: Option<&str>,
) -> AppResult<()> {
    let Some(hash) = &user.password_hash else {
        return Ok(());
    };
    let Some(current) = current.filter(|c| !c.is_empty()) else {
        return Err(AppError::field(
            "current_password",
            kernel::validation::REQUIRED_SHORT,
        ));
    };
    if !password::verify_async(current.to_owned(), hash.clone()).await? {
        return Err(AppError::field("current_password", WRONG_PASSWORD));
    }
    Ok(())
}

/// Confirms the device being set up with a code from the app; a new set of recovery
/// codes comes with it, to show once.
pub async fn confirm_setup(
    db: &impl ConnectionTrait,
    user_id: i64,
    code: &str,
    current_password: Option<&str>,
) -> AppResult<Vec<String>> {
    let user = me::find(db, user_id).await?;
    require_password(&user, current_password).await?;
    let pending = totp_device::Entity::find()
        .filter(totp_device::Column::UserId.eq(user_id))
        .filter(totp_device::Column::Confirmed.eq(false))
        .order_by_desc(totp_device::Column::Id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::field("token", INVALID_TOKEN))?;
    let id = pending.id;
    if let Some(refused) = accept_code(db, pending, &user.email, code).await?.refusal() {
        return Err(refused);
    }
    let device = totp_device::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let mut active: totp_device::ActiveModel = device.into();
    active.confirmed = Set(true);
    active.update(db).await?;
    // One authenticator per account: the new one replaces any other.
    totp_device::Entity::delete_many()
        .filter(totp_device::Column::UserId.eq(user_id))
        .filter(totp_device::Column::Id.ne(id))
        .exec(db)
        .await?;
    recovery_codes::replace(db, user_id).await
}

/// Turns two-factor off; its recovery codes go with it.
pub async fn disable(
    db: &impl ConnectionTrait,
    user_id: i64,
    current_password: Option<&str>,
) -> AppResult<()> {
    let user = me::find(db, user_id).await?;
    require_password(&user, current_password).await?;
    totp_device::Entity::delete_many()
        .filter(totp_device::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    recovery_codes::void(db, user_id).await
}

/// A new set on the member's request, after their password (where they have one); only
/// while two-factor is on.
pub async fn renew_recovery_codes(
    db: &sea_orm::DatabaseConnection,
    user_id: i64,
    current_password: Option<&str>,
) -> AppResult<Vec<String>> {
    let user = me::find(db, user_id).await?;
    require_password(&user, current_password).await?;
    let txn = kernel::db::begin_write(db).await?;
    // A write to the member's authenticator first, which changes nothing but takes its row
    // lock (SQLite's `BEGIN IMMEDIATE` already holds the database's): two renewals at once
    // then run one after the other, the second replacing the first's set instead of both
    // sets standing. No row: two-factor is off.
    let locked = totp_device::Entity::update_many()
        .col_expr(
            totp_device::Column::LastUsedStep,
            sea_orm::sea_query::Expr::col(totp_device::Column::LastUsedStep),
        )
        .filter(totp_device::Column::UserId.eq(user_id))
        .filter(totp_device::Column::Confirmed.eq(true))
        .exec(&txn)
        .await?;
    if locked.rows_affected == 0 {
        return Err(AppError::non_field(recovery_codes::TWO_FACTOR_OFF));
    }
    let codes = recovery_codes::replace(&txn, user_id).await?;
    txn.commit().await?;
    Ok(codes)
}
