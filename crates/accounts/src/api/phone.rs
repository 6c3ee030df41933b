use actix_web::{HttpRequest, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Password, SixDigits, Text};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::user_agent;
use crate::service::phone;

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct PhoneConfirmStartRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<32>>)]
    pub phone_number: Given<Text<32>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Password>)]
    pub current_password: Given<Password>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PhoneConfirmStartResponse {
    pub message: String,
    /// Redeems the SMS code with `POST /api/me/confirm-account-sms`.
    pub new_token: String,
}

/// The 6-digit code from the SMS and the token the SMS was sent with.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ConfirmSmsRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<SixDigits>)]
    pub confirmation_code: Given<SixDigits>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<128>>)]
    pub sms_confirm_token: Given<Text<128>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmSmsResponse {
    pub message: String,
    /// Set when the code confirmed a new account: it is now signed in.
    pub access: Option<String>,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ResendSmsRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<128>>)]
    pub sms_confirm_token: Given<Text<128>>,
}

/// Start phone confirmation
///
/// Starts adding or changing the phone number: checks the password and texts a code. The code is
/// valid for a limited time; `POST /api/me/confirm-account-sms` confirms it.
#[utoipa::path(
    operation_id = "phoneConfirmStart",
    tag = "auth",
    security(("bearer" = [])),
    request_body = PhoneConfirmStartRequest,
    responses(
        (status = 200, description = "Code sent.", body = Data<PhoneConfirmStartResponse>),
        (status = 400, description = "Invalid number or password.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts.", body = kernel::ErrorBody),
    )
)]
#[post("/me/phone-confirm-start")]
pub async fn phone_confirm_start(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    req: HttpRequest,
    body: ValidJson<PhoneConfirmStartRequest>,
) -> AppResult<web::Json<Data<PhoneConfirmStartResponse>>> {
    ctx.rate_limits.check("sms", &req).await?;
    let new_token = phone::start_change(
        &ctx,
        user.id,
        body.phone_number.get()?,
        body.current_password.get()?,
    )
    .await?;
    Ok(Data::new(PhoneConfirmStartResponse {
        message: phone::CODE_SENT.to_owned(),
        new_token,
    }))
}

/// Confirm the phone number
///
/// Confirms the phone number with the SMS code. After sign-up this also activates the account and
/// signs it in.
#[utoipa::path(
    operation_id = "confirmAccountSms",
    tag = "auth",
    request_body = ConfirmSmsRequest,
    responses(
        (status = 200, description = "Phone confirmed.", body = Data<ConfirmSmsResponse>),
        (status = 400, description = "Invalid or expired code.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts.", body = kernel::ErrorBody),
    )
)]
#[post("/me/confirm-account-sms")]
pub async fn confirm_account_sms(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<ConfirmSmsRequest>,
) -> AppResult<web::Json<Data<ConfirmSmsResponse>>> {
    ctx.rate_limits.check("sms", &req).await?;
    let confirmed = phone::confirm(
        &ctx,
        body.sms_confirm_token.get()?,
        body.confirmation_code.get()?,
        user_agent::of(&req),
    )
    .await?;
    Ok(Data::new(ConfirmSmsResponse {
        message: phone::PHONE_CONFIRMED.to_owned(),
        access: confirmed.access,
    }))
}

/// Resend the SMS code
///
/// Texts a new code for the same confirmation. Rate limited: too many requests answer 429 with
/// `Retry-After`.
#[utoipa::path(
    operation_id = "resendSmsCode",
    tag = "auth",
    request_body = ResendSmsRequest,
    responses(
        (status = 200, description = "A new code is on its way.", body = Data<PhoneConfirmStartResponse>),
        (status = 400, description = "Invalid or expired token.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts.", body = kernel::ErrorBody),
    )
)]
#[post("/me/resend-sms-code")]
pub async fn resend_sms_code(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<ResendSmsRequest>,
) -> AppResult<web::Json<Data<PhoneConfirmStartResponse>>> {
    ctx.rate_limits.check("sms", &req).await?;
    let new_token = phone::resend(&ctx, body.sms_confirm_token.get()?).await?;
    Ok(Data::new(PhoneConfirmStartResponse {
        message: phone::CODE_SENT.to_owned(),
        new_token,
    }))
}
