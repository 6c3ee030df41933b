//! The rules of direct messages; handlers stay thin.

pub mod blocks;
pub mod people;
pub mod quota;
pub mod reading;
pub mod reportable;
pub mod settings;
pub mod writing;

use kernel::AppResult;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::entity::member;

/// The members of `conversation_id` (none when there is no such conversation).
pub async fn members_of(
    db: &impl ConnectionTrait,
    conversation_id: i64,
) -> AppResult<Vec<member::Model>> {
    Ok(member::Entity::find()
        .filter(member::Column::ConversationId.eq(conversation_id))
        .all(db)
        .await?)
}

/// The members of `conversation_id`, which `me` must be one of (404 otherwise: nobody else
/// learns that it exists).
pub async fn members_for(
    db: &impl ConnectionTrait,
    conversation_id: i64,
    me: i64,
) -> AppResult<Vec<i64>> {
    let everyone: Vec<i64> = members_of(db, conversation_id)
        .await?
        .into_iter()
        .map(|m| m.user_id)
        .collect();
    if everyone.contains(&me) {
        Ok(everyone)
    } else {
        Err(kernel::AppError::not_found())
    }
}
