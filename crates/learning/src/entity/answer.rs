use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "quiz_answers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub attempt_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub question_id: i64,
    /// JSON list of option ids, in the member's order.
    pub chosen: String,
    pub correct: bool,
    pub answered_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
