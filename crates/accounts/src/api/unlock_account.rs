use actix_web::{HttpRequest, post, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, Data};

use super::MessageResponse;
use super::forgot_password::TokenRequest;
use crate::service::unlock::{self, UNLOCKED};

/// Unlock an account
///
/// Lifts a sign-in lock with the single-use link mailed to the owner when it started.
#[utoipa::path(
    operation_id = "unlockAccount",
    tag = "auth",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Unlocked: the owner can sign in now.", body = Data<MessageResponse>, example = json!({"data": {"message": UNLOCKED}})),
        (status = 400, description = "Invalid, used or expired link.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts.", body = kernel::ErrorBody),
    )
)]
#[post("/unlock-account")]
pub async fn unlock_account(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<TokenRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    ctx.rate_limits.check("password_reset", &req).await?;
    unlock::unlock(&ctx, body.token.get()?).await?;
    Ok(Data::new(MessageResponse {
        message: UNLOCKED.to_owned(),
    }))
}
