use actix_web::{HttpRequest, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Email, Given, Long, SignUp, Text};
use kernel::{AppContext, AppResult, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::service::password_reset::{self, EMAIL_SENT, UPDATED};
use crate::service::tokens::Purpose;

/// The token of a mailed link, in the words of the password forms.
pub type LinkToken = Text<128, Long>;

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ForgotPasswordRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Email<SignUp>>)]
    pub email: Given<Email<SignUp>>,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct TokenRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<LinkToken>)]
    pub token: Given<LinkToken>,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ResetPasswordRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<LinkToken>)]
    pub token: Given<LinkToken>,
    #[validate(length(
        min = 8,
        message = "This password is too short. It must contain at least 8 characters."
    ))]
    #[schema(min_length = 8)]
    pub password: String,
}

/// Request a password reset
///
/// Mails a password-reset link. Answers the same whether or not the address is registered. Rate
/// limited: too many requests answer 429 with `Retry-After`.
#[utoipa::path(
    operation_id = "forgotPassword",
    tag = "auth",
    request_body = ForgotPasswordRequest,
    responses(
        (status = 200, description = "If the address has an account, a link is on its way.", body = Data<MessageResponse>, example = json!({"data": {"message": EMAIL_SENT}})),
        (status = 400, description = "Invalid e-mail.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts.", body = kernel::ErrorBody),
    )
)]
#[post("/forgot-password")]
pub async fn forgot_password(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<ForgotPasswordRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    ctx.rate_limits.check("password_reset", &req).await?;
    password_reset::start(&ctx, body.email.get()?).await?;
    Ok(MessageResponse::data(EMAIL_SENT))
}

/// What a usable link is answered with.
pub const VALID_LINK: &str = "The link is valid.";

/// Check a reset link
///
/// Tells whether a reset link is still usable, before the user types a new password.
#[utoipa::path(
    operation_id = "validateResetToken",
    tag = "auth",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "The link is usable.", body = Data<MessageResponse>, example = json!({"data": {"message": VALID_LINK}})),
        (status = 400, description = "Invalid or expired token.", body = kernel::ErrorBody),
    )
)]
#[post("/forgot-password/validate-token")]
pub async fn validate_token(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<TokenRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    ctx.rate_limits.check("password_reset", &req).await?;
    password_reset::check(&ctx, body.token.get()?, Purpose::ResetPassword).await?;
    Ok(MessageResponse::data(VALID_LINK))
}

/// Reset the password
///
/// Sets a new password from a reset link and signs out every session.
#[utoipa::path(
    operation_id = "confirmResetPassword",
    tag = "auth",
    request_body = ResetPasswordRequest,
    responses(
        (status = 200, description = "Password updated.", body = Data<MessageResponse>, example = json!({"data": {"message": UPDATED}})),
        (status = 400, description = "Invalid or expired token, or a weak password.", body = kernel::ErrorBody),
    )
)]
#[post("/forgot-password/confirm")]
pub async fn confirm(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<ResetPasswordRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    ctx.rate_limits.check("password_reset", &req).await?;
    password_reset::complete(
        &ctx,
        body.token.get()?,
        Purpose::ResetPassword,
        &body.password,
    )
    .await?;
    Ok(MessageResponse::data(UPDATED))
}
