//! A member's sessions as they see them under Account (issue 49, item 1): where they are
//! signed in (the browser and system each session started from; no place is guessed), since
//! when and last used when, and which one is this device; any other one ended from here, or
//! all of them at once.

use chrono::{DateTime, Utc};
use kernel::{AppError, AppResult, secret_token};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::user_agent;
use crate::entity::session;

pub const ENDED: &str = "The session was signed out.";
pub const OTHERS_ENDED: &str = "You were signed out everywhere else.";

/// One live session of the caller.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActiveSession {
    pub id: i64,
    /// The browser it was started from ("Firefox"), or "Unknown browser".
    pub browser: String,
    /// The operating system it was started from ("Windows"), or "Unknown system".
    pub system: String,
    pub created_at: DateTime<Utc>,
    /// When it was last used, to within five minutes.
    pub last_active_at: DateTime<Utc>,
    /// Whether it is the session this request came with (this device).
    pub current: bool,
}

/// The member's live sessions, the one holding `current_token` first, then the most
/// recently used.
pub async fn list(
    db: &impl ConnectionTrait,
    user_id: i64,
    current_token: Option<&str>,
) -> AppResult<Vec<ActiveSession>> {
    let current_hash = current_token.map(secret_token::hash);
    let rows = session::Entity::find()
        .filter(session::Column::UserId.eq(user_id))
        .filter(session::Column::ExpiresAt.gt(kernel::clock::now()))
        .order_by_desc(session::Column::LastActiveAt)
        .order_by_desc(session::Column::Id)
        .all(db)
        .await?;
    let mut sessions: Vec<ActiveSession> = rows
        .into_iter()
        .map(|row| view(row, current_hash.as_deref()))
        .collect();
    sessions.sort_by_key(|s| !s.current);
    Ok(sessions)
}

fn view(row: session::Model, current_hash: Option<&str>) -> ActiveSession {
    let agent = row.user_agent.as_deref().unwrap_or_default();
    ActiveSession {
        id: row.id,
        browser: user_agent::browser(agent).to_owned(),
        system: user_agent::system(agent).to_owned(),
        created_at: row.created_at,
        last_active_at: row.last_active_at.unwrap_or(row.created_at),
        current: current_hash == Some(row.token_hash.as_str()),
    }
}

/// Ends the member's session `id` (this device's too: that is signing out). Another
/// member's session, or one already ended, is not found.
pub async fn end(db: &impl ConnectionTrait, user_id: i64, id: i64) -> AppResult<()> {
    let gone = session::Entity::delete_many()
        .filter(session::Column::Id.eq(id))
        .filter(session::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    if gone.rows_affected == 0 {
        return Err(AppError::not_found());
    }
    Ok(())
}
