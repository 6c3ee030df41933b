use sea_orm::entity::prelude::*;

/// One message: plain text, hidden or deleted only by moderators after a report.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "direct_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub conversation_id: i64,
    pub author_id: i64,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    pub created_at: DateTimeUtc,
    pub hidden_at: Option<DateTimeUtc>,
    pub hidden_reason: Option<String>,
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    /// The conversation's members (a reader's row says what they have read there).
    #[sea_orm(
        belongs_to = "super::member::Entity",
        from = "Column::ConversationId",
        to = "super::member::Column::ConversationId"
    )]
    Member,
}

impl ActiveModelBehavior for ActiveModel {}
