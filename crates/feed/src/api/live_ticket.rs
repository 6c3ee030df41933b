use actix_web::{HttpRequest, post, web};
use kernel::auth::bearer_token;
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data, secret_token};
use serde::Serialize;
use utoipa::ToSchema;

use crate::service::tickets::{self, TICKET_SECONDS};

#[derive(Debug, Serialize, ToSchema)]
pub struct LiveTicket {
    /// Opens `/ws/notifications?ticket=` once, within `expires_in` seconds.
    pub ticket: String,
    pub expires_in: i64,
}

/// Get a live-channel ticket
///
/// A single-use ticket for the live notification channel (the session token never goes into the
/// socket's URL). Open `/ws/notifications?ticket=…` with it within 30 seconds; each notification
/// then arrives as a JSON text message. A page showing a discussion also sends
/// `{"watch": live_room}` (the room its topic page names; up to 8 rooms per socket) and is
/// answered `{"watching": room}` or `{"refused": room}`; each new topic or reply, edit and
/// vote there then arrives as `{"thread": ThreadActivity}`, to members who may read it.
#[utoipa::path(
    operation_id = "createLiveTicket",
    tag = "notifications",
    security(("bearer" = [])),
    responses(
        (status = 201, description = "A ticket for the live channel.", body = Data<LiveTicket>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "The account must choose a new password first.", body = kernel::ErrorBody),
    )
)]
#[post("/live/ticket")]
pub async fn create(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    req: HttpRequest,
) -> AppResult<actix_web::HttpResponse> {
    let token = bearer_token(&req).ok_or_else(|| {
        AppError::unauthorized("not_authenticated", kernel::auth::NOT_AUTHENTICATED)
    })?;
    let ticket = tickets::issue(&ctx.db, user.id, secret_token::hash(&token)).await?;
    Ok(
        actix_web::HttpResponse::Created().json(Data::new(LiveTicket {
            ticket,
            expires_in: TICKET_SECONDS,
        })),
    )
}
