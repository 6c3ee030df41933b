use sea_orm::entity::prelude::*;

use crate::enums::HostType;

/// A meeting a working group's or project's owners scheduled.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "meetings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub host_type: HostType,
    pub host_id: i64,
    pub title: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    /// The IANA zone its times are given in (`Europe/London`).
    pub time_zone: String,
    pub online_url: Option<String>,
    pub place: Option<String>,
    pub created_by_id: i64,
    pub created_at: DateTimeUtc,
    pub cancelled_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
