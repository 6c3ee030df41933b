//! The messages API: one file per use case, handlers thin.

pub mod blocks;
pub mod conversations;
pub mod dto;
pub mod messages;
pub mod settings;

use actix_web::HttpResponse;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::read;
use crate::service::writing::Written;

/// Every message counts against its writer's per-minute quota, whichever form sent it.
async fn throttle(ctx: &AppContext, user: &CurrentUser) -> AppResult<()> {
    ctx.rate_limits
        .check_account("message", &format!("member-{}", user.id))
        .await
}

/// The 201 of a message written: the message as its author reads it.
async fn created(
    ctx: &AppContext,
    user: &CurrentUser,
    written: Written,
) -> AppResult<HttpResponse> {
    let message = read::message(ctx, user.id, written.message_id).await?;
    Ok(HttpResponse::Created().json(Data { data: message }))
}

/// Registers the crate's handlers.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(conversations::list)
        .service(conversations::start)
        .service(conversations::show)
        .service(conversations::messages)
        .service(conversations::mark_read)
        .service(conversations::recipients)
        .service(messages::send)
        .service(settings::show)
        .service(settings::update)
        .service(blocks::list)
        .service(blocks::block)
        .service(blocks::unblock);
}
