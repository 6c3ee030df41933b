use actix_web::{delete, get, put, web};
use kernel::extract::ValidJson;
use kernel::input::Given;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::service::totp;

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

#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
pub struct TotpDisableRequest {
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
/// Confirms the authenticator with a code; two-factor is on from then.
#[utoipa::path(
    operation_id = "confirmTotp",
    tag = "auth",
    security(("bearer" = [])),
    request_body = TotpConfirmRequest,
    responses(
        (status = 200, description = "Otp has been successfully set.", body = Data<MessageResponse>, example = json!({"data": {"message": totp::OTP_SET}})),
        (status = 400, description = "Invalid token or password.", body = kernel::ErrorBody),
    )
)]
#[put("/otp-totp")]
pub async fn confirm(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<TotpConfirmRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    totp::confirm_setup(
        &ctx.db,
        user.id,
        body.token.get()?,
        body.current_password.as_deref(),
    )
    .await?;
    Ok(MessageResponse::data(totp::OTP_SET))
}

/// Turn two-factor off
///
/// Turns two-factor off.
#[utoipa::path(
    operation_id = "disableTotp",
    tag = "auth",
    security(("bearer" = [])),
    request_body(content = TotpDisableRequest, description = "The current password, when the account has one."),
    responses(
        (status = 200, description = "Two-factor is off.", body = Data<MessageResponse>, example = json!({"data": {"message": totp::TOTP_UPDATED}})),
        (status = 400, description = "Wrong password.", body = kernel::ErrorBody),
    )
)]
#[delete("/otp-totp")]
pub async fn disable(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: Option<web::Json<TotpDisableRequest>>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let body = body.map(web::Json::into_inner).unwrap_or_default();
    totp::disable(&ctx.db, user.id, body.current_password.as_deref()).await?;
    Ok(MessageResponse::data(totp::TOTP_UPDATED))
}
