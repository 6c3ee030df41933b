//! Tickets for the live channel: a signed-in page asks for one with its session (in the
//! `Authorization` header, never in a URL) and opens the socket with it within seconds.
//! A ticket works once, on any instance (it is kept in the database).

use chrono::Duration;
use kernel::{AppResult, secret_token};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::entity::live_ticket;

/// How long a ticket waits to be used.
pub const TICKET_SECONDS: i64 = 30;

/// A new ticket for the session whose token hashes to `session_hash`.
pub async fn issue(
    db: &impl ConnectionTrait,
    user_id: i64,
    session_hash: String,
) -> AppResult<String> {
    let now = kernel::clock::now();
    // Unused tickets are forgotten as new ones are made.
    live_ticket::Entity::delete_many()
        .filter(live_ticket::Column::ExpiresAt.lt(now))
        .exec(db)
        .await?;
    let ticket = secret_token::generate();
    live_ticket::ActiveModel {
        ticket_hash: Set(secret_token::hash(&ticket)),
        user_id: Set(user_id),
        session_hash: Set(session_hash),
        expires_at: Set(now + Duration::seconds(TICKET_SECONDS)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(ticket)
}

/// Spends a live ticket: the session hash it was issued for, once.
pub async fn redeem(db: &impl ConnectionTrait, ticket: &str) -> AppResult<Option<String>> {
    let spent = live_ticket::Entity::delete_many()
        .filter(live_ticket::Column::TicketHash.eq(secret_token::hash(ticket)))
        .filter(live_ticket::Column::ExpiresAt.gt(kernel::clock::now()))
        .exec_with_returning(db)
        .await?;
    Ok(spent.into_iter().next().map(|t| t.session_hash))
}
