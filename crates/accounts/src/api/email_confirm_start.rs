use actix_web::{HttpRequest, post, web};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use super::MessageResponse;
use crate::service::confirmation;

/// Resend the confirmation e-mail
///
/// Mails a new confirmation link to the signed-in user.
#[utoipa::path(
    operation_id = "emailConfirmStart",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Link sent.", body = Data<MessageResponse>, example = json!({"data": {"message": confirmation::CHECK_EMAIL}})),
        (status = 400, description = "Already confirmed.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[post("/me/email-confirm-start")]
pub async fn email_confirm_start(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    req: HttpRequest,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    ctx.rate_limits.check("email", &req).await?;
    confirmation::resend(&ctx, user.id).await?;
    Ok(MessageResponse::data(confirmation::CHECK_EMAIL))
}
