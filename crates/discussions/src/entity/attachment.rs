use sea_orm::entity::prelude::*;

use crate::enums::AttachmentType;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "discussion_attachments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub post_id: i64,
    /// `image` or `PDF`, read from the file's bytes.
    pub kind: AttachmentType,
    pub file_key: String,
    /// The name the member's file had, for display only.
    pub filename: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
