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
