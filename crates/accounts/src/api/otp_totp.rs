use actix_web::{delete, get, post, put, web};
use kernel::extract::ValidJson;
use kernel::input::Given;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::service::{recovery_codes, totp};

#[derive(Debug, Serialize, ToSchema)]
pub struct TotpSetup {
    /// PNG data URL of the `otpauth://` QR code.
    pub qrcode: String,
    /// The same secret in base32, for apps that cannot scan.
    pub secret: String,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct TotpConfirmRequest {
    /// The 6-digit code the app shows.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<totp::AuthenticatorCode>)]
    pub token: Given<totp::AuthenticatorCode>,
    /// Required when the account has a password.
    pub current_password: Option<String>,
}

/// Two-factor turned on, or a new set of recovery codes.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecoveryCodesIssued {
    pub message: String,
    /// Ten single-use codes for signing in without the authenticator. Shown this once: only
    /// their hashes are kept.
    pub recovery_codes: Vec<String>,
}

/// How many recovery codes are left.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecoveryCodesLeft {
    /// Codes not yet used (0 when two-factor is off).
    pub left: u64,
    /// How many codes a set holds.
    pub set_size: u64,
}

/// The current password, for turning two-factor off or renewing its recovery codes.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
pub struct CurrentPasswordRequest {
    /// Required when the account has a password.
    pub current_password: Option<String>,
}

/// Start two-factor setup
///
/// Starts two-factor setup: a new secret and its QR code.
#[utoipa::path(
    operation_id = "startTotpSetup",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Scan the QR code, then confirm with a code.", body = Data<TotpSetup>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/otp-totp")]
pub async fn start(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<TotpSetup>>> {
    let setup = totp::start_setup(&ctx.db, user.id).await?;
    Ok(Data::new(TotpSetup {
        qrcode: setup.qrcode,
        secret: setup.secret,
    }))
}

/// Confirm two-factor
///
/// Confirms the authenticator with a code; two-factor is on from then. The answer holds ten
/// recovery codes, shown this once.
#[utoipa::path(
    operation_id = "confirmTotp",
    tag = "auth",
    security(("bearer" = [])),
    request_body = TotpConfirmRequest,
    responses(
        (status = 200, description = "Otp has been successfully set.", body = Data<RecoveryCodesIssued>),
        (status = 400, description = "Invalid token or password.", body = kernel::ErrorBody),
    )
)]
#[put("/otp-totp")]
pub async fn confirm(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<TotpConfirmRequest>,
) -> AppResult<web::Json<Data<RecoveryCodesIssued>>> {
    let recovery_codes = totp::confirm_setup(
        &ctx.db,
        user.id,
        body.token.get()?,
        body.current_password.as_deref(),
    )
    .await?;
    Ok(Data::new(RecoveryCodesIssued {
        message: totp::OTP_SET.to_owned(),
        recovery_codes,
    }))
}

/// Count your recovery codes
///
/// How many of the caller's two-factor recovery codes are left.
#[utoipa::path(
    operation_id = "countRecoveryCodes",
    tag = "security",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The codes left.", body = Data<RecoveryCodesLeft>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/otp-totp/recovery-codes")]
pub async fn count_recovery_codes(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<RecoveryCodesLeft>>> {
    Ok(Data::new(RecoveryCodesLeft {
        left: recovery_codes::left(&ctx.db, user.id).await?,
        set_size: recovery_codes::SET_SIZE,
    }))
}

/// Make new recovery codes
///
/// Replaces the caller's recovery codes with ten new ones, shown this once; the old ones stop
/// working. Needs the current password (where the account has one) and two-factor on.
#[utoipa::path(
    operation_id = "renewRecoveryCodes",
    tag = "security",
    security(("bearer" = [])),
    request_body(content = CurrentPasswordRequest, description = "The current password, when the account has one."),
    responses(
        (status = 200, description = "The new codes.", body = Data<RecoveryCodesIssued>),
        (status = 400, description = "Wrong password, or two-factor is off.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[post("/otp-totp/recovery-codes")]
pub async fn renew_recovery_codes(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: Option<web::Json<CurrentPasswordRequest>>,
) -> AppResult<web::Json<Data<RecoveryCodesIssued>>> {
    let body = body.map(web::Json::into_inner).unwrap_or_default();
    let recovery_codes =
        totp::renew_recovery_codes(&ctx.db, user.id, body.current_password.as_deref()).await?;
    Ok(Data::new(RecoveryCodesIssued {
        message: recovery_codes::NEW_SET.to_owned(),
        recovery_codes,
    }))
}

/// Turn two-factor off
///
/// Turns two-factor off.
#[utoipa::path(
    operation_id = "disableTotp",
    tag = "auth",
    security(("bearer" = [])),
    request_body(content = CurrentPasswordRequest, description = "The current password, when the account has one."),
    responses(
        (status = 200, description = "Two-factor is off.", body = Data<MessageResponse>, example = json!({"data": {"message": totp::TOTP_UPDATED}})),
        (status = 400, description = "Wrong password.", body = kernel::ErrorBody),
    )
)]
#[delete("/otp-totp")]
pub async fn disable(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: Option<web::Json<CurrentPasswordRequest>>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let body = body.map(web::Json::into_inner).unwrap_or_default();
    totp::disable(&ctx.db, user.id, body.current_password.as_deref()).await?;
    Ok(MessageResponse::data(totp::TOTP_UPDATED))
}
