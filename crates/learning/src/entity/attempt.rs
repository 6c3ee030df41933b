use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "quiz_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub quiz_id: i64,
    pub user_id: i64,
    /// 1 for the first attempt.
    pub number: i32,
    /// The question to answer next (none once completed).
    pub current_question_id: Option<i64>,
    pub started_at: DateTimeUtc,
    pub completed_at: Option<DateTimeUtc>,
    pub passed: bool,
    pub percent: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
