use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhooks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub created_by: i64,
    /// `None`: a staff webhook, told of the platform's events.
    pub group_id: Option<i64>,
    pub url: String,
    pub secret: String,
    /// Space-separated [`crate::enums::EventKind`]s.
    pub events: String,
    pub active: bool,
    pub consecutive_failures: i32,
    pub disabled_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
