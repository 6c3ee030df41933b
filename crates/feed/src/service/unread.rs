//! The unread count other crates show (accounts' `/me`), through the kernel's port.

use async_trait::async_trait;
use kernel::AppResult;
use kernel::community::NoticeCounter;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter};

use crate::entity::notification;

pub struct UnreadCounter {
    db: DatabaseConnection,
}

impl UnreadCounter {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl NoticeCounter for UnreadCounter {
    async fn unread(&self, user_id: i64) -> AppResult<i64> {
        let n = notification::Entity::find()
            .filter(notification::Column::UserId.eq(user_id))
            .filter(notification::Column::ReadAt.is_null())
            .count(&self.db)
            .await?;
        Ok(i64::try_from(n).unwrap_or(i64::MAX))
    }
}
