//! `/ws/notifications?ticket=…` (spec 1 §7): the live channel. A single-use ticket from
//! `POST /api/live/ticket` authenticates it (never the session token, which a URL would
//! leak into logs), and only pages of an allowed origin may open it; each notification
//! written for the member arrives as a JSON text message; the server pings every
//! heartbeat and closes the socket once the session ends (sign-out, password change) or
//! the client stops answering. The page may also send `{"watch": room}` (and
//! `{"unwatch": room}`) to hear of a room's changes (issue 49 §3): the answer is
//! `{"watching": room}`, or `{"refused": room}` when the member may not, or already watches
//! [`ROOMS_PER_SOCKET`] rooms.

use std::time::{Duration, Instant};

use actix_web::{HttpRequest, HttpResponse, web};
use actix_ws::{CloseCode, CloseReason, Message};
use futures_util::StreamExt;
use kernel::{AppContext, AppError, CurrentUser};
use serde::Deserialize;

use crate::live::{Ask, Frame, Gatekeeper, Hub, ROOMS_PER_SOCKET};
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
    gatekeeper: web::Data<Gatekeeper>,
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
    let mut user = ctx
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
        let mut rooms = Watched::default();
        let reason = loop {
            tokio::select! {
                Some(frame) = subscription.messages.recv() => {
                    if !admitted(&gatekeeper, &user, &frame).await {
                        continue;
                    }
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
                    Some(Ok(Message::Text(text))) => {
                        last_heard = Instant::now();
                        let Some(ask) = Ask::read(&text) else { continue };
                        let answer = rooms.answer(ask, &hub, &gatekeeper, &user, subscription.id).await;
                        if let Some(answer) = answer
                            && session.text(answer).await.is_err()
                        {
                            break None;
                        }
                    }
                    Some(Ok(Message::Pong(_) | Message::Binary(_))) => last_heard = Instant::now(),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break None,
                    Some(Ok(_)) => {}
                },
                () = &mut closing => {
                    break Some(CloseReason { code: CloseCode::Away, description: Some("The server is restarting.".into()) });
                }
                _ = heartbeat.tick() => {
                    // The member as they are now (a role changed, say): rooms ask with it.
                    let Ok(Some(now)) = ctx.sessions.resolve_hash(&token).await else {
                        break Some(CloseReason { code: CloseCode::Policy, description: Some("Signed out.".into()) });
                    };
                    user = now;
                    if last_heard.elapsed() > TIMEOUT || session.ping(b"").await.is_err() {
                        break None;
                    }
                }
            }
        };
        rooms.leave_all(&hub, subscription.id);
        hub.leave(subscription.user_id, subscription.id);
        let _ = session.close(reason).await;
    });
    Ok(response)
}

/// Whether the socket's member may read `frame`: a notification is theirs already; a room's
/// change is asked of the room's gate again (they may have lost access since watching).
async fn admitted(gatekeeper: &Gatekeeper, user: &CurrentUser, frame: &Frame) -> bool {
    let Some(gate) = &frame.gate else {
        return true;
    };
    match gatekeeper.0.access(user, &gate.room).await {
        Ok(access) => gate.admits(access),
        Err(err) => {
            tracing::warn!(error = %err, "could not ask a room's gate; the change is not sent");
            false
        }
    }
}

/// The rooms one socket watches.
#[derive(Default)]
struct Watched(Vec<String>);

impl Watched {
    /// Does what the page asked; the text to answer with, if any.
    async fn answer(
        &mut self,
        ask: Ask,
        hub: &Hub,
        gatekeeper: &Gatekeeper,
        user: &CurrentUser,
        socket: u64,
    ) -> Option<String> {
        match ask {
            Ask::Watch(room) => {
                let allowed = self.0.contains(&room)
                    || (self.0.len() < ROOMS_PER_SOCKET
                        && matches!(gatekeeper.0.access(user, &room).await, Ok(Some(_))));
                let word = if allowed { "watching" } else { "refused" };
                if allowed && !self.0.contains(&room) {
                    hub.watch(user.id, socket, &room);
                    self.0.push(room.clone());
                }
                Some(serde_json::json!({ word: room }).to_string())
            }
            Ask::Unwatch(room) => {
                hub.unwatch(socket, &room);
                self.0.retain(|r| *r != room);
                None
            }
        }
    }

    fn leave_all(&self, hub: &Hub, socket: u64) {
        for room in &self.0 {
            hub.unwatch(socket, room);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use async_trait::async_trait;
    use kernel::AppResult;

    use super::*;
    use crate::live::{RoomAccess, RoomGate};

    /// Rooms named `open:…` admit anyone; every other room no one.
    struct OpenRooms;

    #[async_trait]
    impl RoomGate for OpenRooms {
        async fn access(&self, _: &CurrentUser, room: &str) -> AppResult<Option<RoomAccess>> {
            Ok(room
                .starts_with("open:")
                .then_some(RoomAccess { private: false }))
        }
    }

    #[tokio::test]
    async fn a_socket_watches_rooms_it_may_up_to_its_limit_and_leaves_them_all() {
        let hub = Hub::in_process();
        let gate = Gatekeeper(Arc::new(OpenRooms));
        let user = CurrentUser {
            id: 1,
            staff_role: None,
            content_expert: false,
            password_change_required: false,
        };
        let socket = hub.join(1);
        let mut rooms = Watched::default();
        let ask = |room: &str| Ask::Watch(room.to_owned());
        assert_eq!(
            rooms
                .answer(ask("closed:1"), &hub, &gate, &user, socket.id)
                .await,
            Some(r#"{"refused":"closed:1"}"#.to_owned())
        );
        for n in 0..ROOMS_PER_SOCKET {
            let answer = rooms.answer(ask(&format!("open:{n}")), &hub, &gate, &user, socket.id);
            assert_eq!(answer.await, Some(format!(r#"{{"watching":"open:{n}"}}"#)));
        }
        let again = rooms
            .answer(ask("open:0"), &hub, &gate, &user, socket.id)
            .await;
        assert_eq!(
            again,
            Some(r#"{"watching":"open:0"}"#.to_owned()),
            "asking twice is fine"
        );
        let over = rooms
            .answer(ask("open:extra"), &hub, &gate, &user, socket.id)
            .await;
        assert_eq!(over, Some(r#"{"refused":"open:extra"}"#.to_owned()));
        assert_eq!(hub.watching("open:0"), 1, "watched once, not twice");
        let unwatched = rooms
            .answer(Ask::Unwatch("open:0".into()), &hub, &gate, &user, socket.id)
            .await;
        assert_eq!(unwatched, None);
        assert_eq!(hub.watching("open:0"), 0);
        let now_room = rooms
            .answer(ask("open:extra"), &hub, &gate, &user, socket.id)
            .await;
        assert_eq!(now_room, Some(r#"{"watching":"open:extra"}"#.to_owned()));
        rooms.leave_all(&hub, socket.id);
        assert_eq!(hub.watching("open:extra") + hub.watching("open:3"), 0);
    }
}
