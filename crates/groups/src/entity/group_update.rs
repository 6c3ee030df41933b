use sea_orm::entity::prelude::*;

use crate::enums::UpdateStatus;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "group_updates")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    pub title: String,
    /// Rich text, sanitised on write.
    pub text: String,
    /// Storage key of the image.
    pub image: Option<String>,
    pub video_url: Option<String>,
    pub created_by_id: i64,
    pub approved_status: UpdateStatus,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Hidden by moderators (or by enough members' reports) until reviewed: shown to its
    /// author, with the reason, and to the group's owner and moderators only.
    pub hidden_at: Option<DateTimeUtc>,
    pub hidden_reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

owner_updates::update_table!("group_update", "groups", group_id, GroupId);
