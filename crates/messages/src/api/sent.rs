//! What both ways of writing a message do at the door and on the way out.

use actix_web::HttpResponse;
use kernel::{AppContext, AppResult, CurrentUser, Data};

use crate::read;
use crate::service::writing::Written;

/// Every message counts against its writer's per-minute quota, whichever form sent it.
pub(super) async fn throttle(ctx: &AppContext, user: &CurrentUser) -> AppResult<()> {
    ctx.rate_limits
        .check_account("message", &format!("member-{}", user.id))
        .await
}

/// The 201 of a message written: the message as its author reads it.
pub(super) async fn created(
    ctx: &AppContext,
    user: &CurrentUser,
    written: Written,
) -> AppResult<HttpResponse> {
    let message = read::message(ctx, user.id, written.message_id).await?;
    Ok(HttpResponse::Created().json(Data { data: message }))
}
