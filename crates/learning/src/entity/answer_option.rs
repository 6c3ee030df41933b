use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "quiz_options")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub question_id: i64,
    pub position: i32,
    pub text: String,
    pub is_correct: bool,
    /// Ordering questions: the option's place in the right order (0-based).
    pub correct_position: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
