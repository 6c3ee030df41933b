//! `/me/conversations/{id}/messages`: writing in a conversation.

use actix_web::{HttpResponse, post, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data};

use super::dto::NewMessage;
use crate::read;
use crate::service::writing;

/// Write in a conversation
///
/// Sends a message in one of the caller's conversations, unless a block stands between the
/// caller and the others (someone there blocked the caller, or the caller blocked the one
/// other member). The text passes the patient-data guardrail. Members who had read
/// everything there are notified; the others see it in their unread count.
#[utoipa::path(
    operation_id = "sendMessage",
    tag = "messages",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    request_body = NewMessage,
    responses(
        (status = 201, description = "The message.", body = Data<read::Message>),
        (status = 400, description = "An empty or too long text; text the guardrail flags, undeclared.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "A block stands between the caller and the others.", body = kernel::ErrorBody),
        (status = 404, description = "No such conversation, or the caller is not in it.", body = kernel::ErrorBody),
        (status = 429, description = "Too many messages a minute.", body = kernel::ErrorBody),
    )
)]
#[post("/me/conversations/{id}/messages")]
pub async fn send(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: ValidJson<NewMessage>,
) -> AppResult<HttpResponse> {
    super::sent::throttle(&ctx, &user).await?;
    let writing = body.into_inner().writing()?;
    let written = writing::send(&ctx, &user, id.into_inner(), writing).await?;
    super::sent::created(&ctx, &user, written).await
}
