use actix_web::{HttpRequest, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Long, PASSWORD_MAX, Password};
use kernel::{AppContext, AppError, AppResult, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use super::forgot_password::{LinkToken, TokenRequest, VALID_LINK};
use crate::service::password_reset::{self, MISMATCH, UPDATED};
use crate::service::tokens::Purpose;

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct SetPasswordRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<LinkToken>)]
    pub token: Given<LinkToken>,
    #[validate(length(
        min = 8,
        message = "This password is too short. It must contain at least 8 characters."
    ))]
    #[schema(min_length = 8)]
    pub new_password: String,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Password<{ PASSWORD_MAX }, Long>>)]
    pub confirm_password: Given<Password<{ PASSWORD_MAX }, Long>>,
}

/// Check a set-password link
///
/// Tells whether a set-password link is still usable, before the user types a password.
#[utoipa::path(
    operation_id = "validateSetPasswordToken",
    tag = "auth",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "The link is usable.", body = Data<MessageResponse>, example = json!({"data": {"message": VALID_LINK}})),
        (status = 400, description = "Invalid or expired token.", body = kernel::ErrorBody),
    )
)]
#[post("/set-password/validate-token")]
pub async fn validate_token(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<TokenRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    ctx.rate_limits.check("password_reset", &req).await?;
    password_reset::check(&ctx, body.token.get()?, Purpose::SetPassword).await?;
    Ok(MessageResponse::data(VALID_LINK))
}

/// Set a first password
///
/// Sets the password of an account that has none yet, from a mailed link. The link works once.
#[utoipa::path(
    operation_id = "setPassword",
    tag = "auth",
    request_body = SetPasswordRequest,
    responses(
        (status = 200, description = "Password set.", body = Data<MessageResponse>, example = json!({"data": {"message": UPDATED}})),
        (status = 400, description = "Invalid or expired token, mismatch, or a weak password.", body = kernel::ErrorBody),
    )
)]
#[post("/set-password")]
pub async fn set_password(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<SetPasswordRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    ctx.rate_limits.check("password_reset", &req).await?;
    if body.new_password.as_str() != &**body.confirm_password.get()? {
        return Err(AppError::field("confirm_password", MISMATCH));
    }
    password_reset::complete(
        &ctx,
        body.token.get()?,
        Purpose::SetPassword,
        &body.new_password,
    )
    .await
    .map_err(|e| rename_field(e, "password", "new_password"))?;
    Ok(MessageResponse::data(UPDATED))
}

/// The service names the field `password`; this form calls it `new_password`.
fn rename_field(error: AppError, from: &str, to: &str) -> AppError {
    match error {
        AppError::Validation(mut fields) => {
            if let Some(texts) = fields.remove(from) {
                fields.insert(to.to_owned(), texts);
            }
            AppError::Validation(fields)
        }
        other => other,
    }
}
