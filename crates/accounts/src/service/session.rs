//! Opaque bearer sessions: 256 random bits handed to the client once, stored hashed,
//! expiring, and revocable one by one or all at once.

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use kernel::auth::{ApiTokenGrant, CurrentUser, SessionResolver};
use kernel::hot::{Changes, HotCache};
use kernel::{AppError, AppResult};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    Set,
};

use super::api_tokens;
use crate::entity::{session, user};
use kernel::secret_token;

/// How long a sign-in lasts.
pub const SESSION_DAYS: i64 = 30;

/// Text of the 401 for a deactivated account.
pub const USER_INACTIVE: &str = "User is inactive.";

/// How often a session's last use is written: a member's list of sessions needs no finer
/// time, and a busy session costs one write in this long.
pub const ACTIVE_EVERY: Duration = Duration::minutes(5);

/// Starts a session for `user_id`, from the browser `user_agent` names, and returns its
/// bearer token.
pub async fn issue(
    db: &impl ConnectionTrait,
    user_id: i64,
    user_agent: Option<&str>,
) -> AppResult<String> {
    let token = secret_token::generate();
    let now = kernel::clock::now();
    session::ActiveModel {
        user_id: Set(user_id),
        token_hash: Set(secret_token::hash(&token)),
        created_at: Set(now),
        expires_at: Set(now + Duration::days(SESSION_DAYS)),
        user_agent: Set(super::user_agent::kept(user_agent)),
        last_active_at: Set(Some(now)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// Ends the session of `token`; an unknown token is already ended.
pub async fn revoke(db: &impl ConnectionTrait, token: &str) -> AppResult<()> {
    session::Entity::delete_many()
        .filter(session::Column::TokenHash.eq(secret_token::hash(token)))
        .exec(db)
        .await?;
    Ok(())
}

/// The live session's user, if the token names one.
pub async fn find_user(db: &impl ConnectionTrait, token: &str) -> AppResult<Option<user::Model>> {
    find_user_by_hash(db, &secret_token::hash(token)).await
}

/// The live session's user, if a session's token hashes to `token_hash`.
async fn find_user_by_hash(
    db: &impl ConnectionTrait,
    token_hash: &str,
) -> AppResult<Option<user::Model>> {
    Ok(find_session_by_hash(db, token_hash)
        .await?
        .map(|(_, user)| user))
}

/// The live session whose token hashes to `token_hash`, with its user.
async fn find_session_by_hash(
    db: &impl ConnectionTrait,
    token_hash: &str,
) -> AppResult<Option<(session::Model, user::Model)>> {
    let found = session::Entity::find()
        .filter(session::Column::TokenHash.eq(token_hash))
        .filter(session::Column::ExpiresAt.gt(kernel::clock::now()))
        .find_also_related(user::Entity)
        .one(db)
        .await?;
    Ok(found.and_then(|(session, user)| user.map(|u| (session, u))))
}

/// The [`SessionResolver`] that `app` installs for the `CurrentUser` extractor. A live
/// session's member is kept in memory until anything changes (a sign-out, a password
/// change, a deactivation: every write drops it; see [`kernel::hot`]) or the session ends.
pub struct SessionStore {
    db: DatabaseConnection,
    kept: HotCache<String, (CurrentUser, DateTime<Utc>)>,
}

/// How long a resolved session is kept at most (what a change made outside the app, say
/// by the command line, could leave).
const KEPT_FOR: std::time::Duration = std::time::Duration::from_secs(60);

impl SessionStore {
    pub fn new(db: DatabaseConnection, changes: Changes) -> Self {
        Self {
            db,
            kept: HotCache::new(changes, KEPT_FOR, 100_000),
        }
    }
}

#[async_trait]
impl SessionResolver for SessionStore {
    async fn resolve(&self, token: &str) -> AppResult<Option<CurrentUser>> {
        self.resolve_hash(&secret_token::hash(token)).await
    }

    async fn resolve_hash(&self, token_hash: &str) -> AppResult<Option<CurrentUser>> {
        let key = token_hash.to_owned();
        if let Some((user, expires)) = self.kept.get(&key)
            && expires > kernel::clock::now()
        {
            return Ok(Some(user));
        }
        let read_at = self.kept.now();
        let Some((session, user)) = find_session_by_hash(&self.db, token_hash).await? else {
            return Ok(None);
        };
        let current = current_user(&user)?;
        note_use(&self.db, &session).await?;
        self.kept
            .keep(key, (current.clone(), session.expires_at), read_at);
        Ok(Some(current))
    }

    async fn resolve_api_token(
        &self,
        token: &str,
    ) -> AppResult<Option<(CurrentUser, ApiTokenGrant)>> {
        let Some((user, grant)) = api_tokens::resolve(&self.db, token).await? else {
            return Ok(None);
        };
        Ok(Some((current_user(&user)?, grant)))
    }
}

/// Notes that `session` is in use, when its last use is older than [`ACTIVE_EVERY`]. A kept
/// session is not read again for up to [`KEPT_FOR`], well inside that.
async fn note_use(db: &impl ConnectionTrait, session: &session::Model) -> AppResult<()> {
    let now = kernel::clock::now();
    if session
        .last_active_at
        .is_some_and(|at| at > now - ACTIVE_EVERY)
    {
        return Ok(());
    }
    session::Entity::update_many()
        .col_expr(
            session::Column::LastActiveAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .filter(session::Column::Id.eq(session.id))
        .exec(db)
        .await?;
    Ok(())
}

/// An active account as every crate sees it; a deactivated one is refused.
fn current_user(user: &user::Model) -> AppResult<CurrentUser> {
    if !user.is_active {
        return Err(AppError::unauthorized("user_inactive", USER_INACTIVE));
    }
    Ok(CurrentUser {
        id: user.id,
        staff_role: user.staff_role,
        content_expert: user.content_expert,
        password_change_required: user.password_change_required,
    })
}

/// Ends every session of `user_id` except the one holding `keep` (after a password
/// change the device that made it stays signed in; a reset keeps none); returns how many.
pub async fn revoke_all(
    db: &impl ConnectionTrait,
    user_id: i64,
    keep: Option<&str>,
) -> AppResult<u64> {
    let mut delete = session::Entity::delete_many().filter(session::Column::UserId.eq(user_id));
    if let Some(token) = keep {
        delete = delete.filter(session::Column::TokenHash.ne(secret_token::hash(token)));
    }
    Ok(delete.exec(db).await?.rows_affected)
}
