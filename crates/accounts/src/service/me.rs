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

/// The id of the account with this e-mail, if any.
pub async fn id_by_email(db: &impl ConnectionTrait, email: &str) -> AppResult<Option<i64>> {
    use sea_orm::{ColumnTrait, QueryFilter};
    Ok(user::Entity::find()
        .filter(user::Column::Email.eq(email.trim().to_lowercase()))
        .one(db)
        .await?
        .map(|u| u.id))
}
