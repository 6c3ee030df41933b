//! Opaque bearer sessions: 256 random bits handed to the client once, stored hashed,
//! expiring, and revocable one by one or all at once.

use async_trait::async_trait;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Duration, Utc};
use kernel::auth::{CurrentUser, SessionResolver};
use kernel::{AppError, AppResult};
use rand::RngCore;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    Set,
};
use sha2::{Digest, Sha256};

use crate::entity::{session, user};

/// How long a sign-in lasts.
pub const SESSION_DAYS: i64 = 30;

/// Text of the 401 for a deactivated account.
pub const USER_INACTIVE: &str = "User is inactive.";

fn hash_token(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Starts a session for `user_id` and returns its bearer token.
pub async fn issue(db: &impl ConnectionTrait, user_id: i64) -> AppResult<String> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let now = Utc::now();
    session::ActiveModel {
        user_id: Set(user_id),
        token_hash: Set(hash_token(&token)),
        created_at: Set(now),
        expires_at: Set(now + Duration::days(SESSION_DAYS)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// Ends the session of `token`; an unknown token is already ended.
pub async fn revoke(db: &impl ConnectionTrait, token: &str) -> AppResult<()> {
    session::Entity::delete_many()
        .filter(session::Column::TokenHash.eq(hash_token(token)))
        .exec(db)
        .await?;
    Ok(())
}

/// The live session's user, if the token names one.
pub async fn find_user(db: &impl ConnectionTrait, token: &str) -> AppResult<Option<user::Model>> {
    let found = session::Entity::find()
        .filter(session::Column::TokenHash.eq(hash_token(token)))
        .filter(session::Column::ExpiresAt.gt(Utc::now()))
        .find_also_related(user::Entity)
        .one(db)
        .await?;
    Ok(found.and_then(|(_, user)| user))
}

/// The [`SessionResolver`] that `app` installs for the `CurrentUser` extractor.
pub struct SessionStore {
    db: DatabaseConnection,
}

impl SessionStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl SessionResolver for SessionStore {
    async fn resolve(&self, token: &str) -> AppResult<Option<CurrentUser>> {
        let Some(user) = find_user(&self.db, token).await? else {
            return Ok(None);
        };
        if !user.is_active {
            return Err(AppError::unauthorized("user_inactive", USER_INACTIVE));
        }
        Ok(Some(CurrentUser {
            id: user.id,
            staff_role: user.staff_role,
        }))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn token_hashes_are_hex_sha256() {
        let hash = super::hash_token("abc");
        assert_eq!(
            hash,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
