//! The published daily heads' rows.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_heads")]
pub struct Model {
    /// The day that ended, `YYYY-MM-DD` (UTC).
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: String,
    pub seq: i64,
    pub hash: String,
    pub recorded_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
