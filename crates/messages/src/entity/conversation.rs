use sea_orm::entity::prelude::*;

/// A conversation of two to ten members.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "conversations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Its members' ids in order, joined by commas (unique: one conversation per set).
    pub member_key: String,
    pub created_at: DateTimeUtc,
    pub last_message_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
