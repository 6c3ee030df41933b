use sea_orm::entity::prelude::*;

use crate::enums::ExportStatus;

/// A member's data being gathered, ready, or handed out. Only the SHA-256 of the download
/// link's token is kept.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "data_exports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// Staff who asked for it (the link went to them); `None`: the member.
    pub requested_by_id: Option<i64>,
    pub status: ExportStatus,
    pub token_hash: Option<String>,
    /// Where the ZIP is stored until it is downloaded or expires.
    pub file_key: Option<String>,
    pub created_at: DateTimeUtc,
    /// When its latest attempt to gather it started.
    pub started_at: Option<DateTimeUtc>,
    /// How many times gathering it started (a crash cuts one short; it is resumed).
    pub attempts: i32,
    pub ready_at: Option<DateTimeUtc>,
    pub expires_at: Option<DateTimeUtc>,
    pub downloaded_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
