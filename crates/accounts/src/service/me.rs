//! The signed-in user's own account.

use kernel::{AppError, AppResult};
use sea_orm::{ConnectionTrait, EntityTrait};

use crate::entity::user;

pub(crate) async fn find(db: &impl ConnectionTrait, user_id: i64) -> AppResult<user::Model> {
    user::Entity::find_by_id(user_id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}
