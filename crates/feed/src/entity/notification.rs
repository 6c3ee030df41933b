use sea_orm::entity::prelude::*;

use crate::enums::ContentType;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub kind: kernel::notification_kinds::NotificationKind,
    pub title: String,
    pub message: String,
    pub in_app_route: Option<String>,
    pub object_slug: Option<String>,
    /// `project`, `workinggroup` or `entrypage`.
    pub content_type: Option<ContentType>,
    pub invite_token: Option<String>,
    /// The post whose excerpt the message shows (kept current as the post changes).
    pub post_id: Option<i64>,
    pub read_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
