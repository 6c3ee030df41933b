use sea_orm::entity::prelude::*;

/// A pending request to join a group; it goes away once accepted, declined or cancelled.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "working_group_join_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    pub user_id: i64,
    pub message: String,
    /// The data-use agreement version the asker accepted with the request.
    pub agreement_version: Option<i32>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
