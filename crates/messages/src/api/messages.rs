//! `/me/conversations/{id}/messages`: writing in a conversation.

use actix_web::{HttpResponse, post, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data};

use super::dto::NewMessage;
use crate::read;
use crate::service::writing::{self, Writing};

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
    ctx.rate_limits
        .check_account("message", &format!("member-{}", user.id))
        .await?;
    let body = body.into_inner();
    let writing = Writing {
        body: body.body.value()?.into_string(),
        declared: body.phi_declared,
    };
    let written = writing::send(&ctx, &user, id.into_inner(), writing).await?;
    let message = read::message(&ctx, user.id, written.message_id).await?;
    Ok(HttpResponse::Created().json(Data { data: message }))
}
