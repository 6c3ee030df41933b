//! `/ws/notifications?ticket=…` (spec 1 §7): the live channel. A single-use ticket from
//! `POST /api/live/ticket` authenticates it (never the session token, which a URL would
//! leak into logs), and only pages of an allowed origin may open it; each notification
//! written for the member arrives as a JSON text message; the server pings every
//! heartbeat and closes the socket once the session ends (sign-out, password change) or
//! the client stops answering.

use std::time::{Duration, Instant};

use actix_web::{HttpRequest, HttpResponse, web};
use actix_ws::{CloseCode, CloseReason, Message};
use futures_util::StreamExt;
use kernel::{AppContext, AppError};
use serde::Deserialize;

use crate::live::Hub;
use crate::policy;
use crate::service::tickets;

/// Text of the 401 for a ticket that is unknown, used or expired.
pub const INVALID_TICKET: &str = "Invalid or expired ticket.";

/// How often the server pings and checks that the session still stands.
const HEARTBEAT: Duration = Duration::from_secs(10);
/// A client silent for this long is gone.
const TIMEOUT: Duration = Duration::from_secs(30);

#[derive(Deserialize)]
pub struct TicketQuery {
    ticket: Option<String>,
}

/// Opens the live channel for the ticket's member.
pub async fn socket(
    req: HttpRequest,
    body: web::Payload,
    ctx: web::Data<AppContext>,
    hub: web::Data<Hub>,
    query: web::Query<TicketQuery>,
) -> actix_web::Result<HttpResponse> {
    let origin = req
        .headers()
        .get(actix_web::http::header::ORIGIN)
        .and_then(|v| v.to_str().ok());
    let dev_host = ctx
        .config
        .dev
        .then(|| req.connection_info().host().to_owned());
    if !policy::may_open_live_channel(origin, &ctx.config.allowed_origins, dev_host.as_deref()) {
        return Err(AppError::client(
            actix_web::http::StatusCode::FORBIDDEN,
            "origin_not_allowed",
            "This page may not open the live channel.",
        )
        .into());
    }
    let ticket = query.into_inner().ticket.unwrap_or_default();
    let token = tickets::redeem(&ctx.db, &ticket)
        .await?
        .ok_or_else(|| AppError::unauthorized("invalid_ticket", INVALID_TICKET))?;
    let user = ctx
        .sessions
        .resolve_hash(&token)
        .await?
        .ok_or_else(|| AppError::unauthorized("invalid_ticket", INVALID_TICKET))?;
    let (response, mut session, mut incoming) = actix_ws::handle(&req, body)?;
    let mut subscription = hub.join(user.id);
    let hub = hub.into_inner();
    let closing = hub.closing();
    actix_web::rt::spawn(async move {
        tokio::pin!(closing);
        let mut heartbeat = tokio::time::interval(HEARTBEAT);
        let mut last_heard = Instant::now();
        let reason = loop {
            tokio::select! {
                Some(frame) = subscription.messages.recv() => {
                    // The frame counts as written when it drops, after the write.
                    if session.text(frame.text).await.is_err() {
                        break None;
                    }
                }
                message = incoming.next() => match message {
                    Some(Ok(Message::Ping(bytes))) => {
                        last_heard = Instant::now();
                        if session.pong(&bytes).await.is_err() {
                            break None;
                        }
                    }
                    Some(Ok(Message::Pong(_) | Message::Text(_) | Message::Binary(_))) => last_heard = Instant::now(),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break None,
                    Some(Ok(_)) => {}
                },
                () = &mut closing => {
                    break Some(CloseReason { code: CloseCode::Away, description: Some("The server is restarting.".into()) });
                }
                _ = heartbeat.tick() => {
                    let alive = matches!(ctx.sessions.resolve_hash(&token).await, Ok(Some(_)));
                    if !alive {
                        break Some(CloseReason { code: CloseCode::Policy, description: Some("Signed out.".into()) });
                    }
                    if last_heard.elapsed() > TIMEOUT || session.ping(b"").await.is_err() {
                        break None;
                    }
                }
            }
        };
        hub.leave(subscription.user_id, subscription.id);
        let _ = session.close(reason).await;
    });
    Ok(response)
}
