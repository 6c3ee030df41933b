use sea_orm::entity::prelude::*;

/// A member of a conversation, and the last message they read there.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "conversation_members")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub conversation_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    /// The newest message they have seen (0: none).
    pub last_read_id: i64,
    pub joined_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
