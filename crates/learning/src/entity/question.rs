use sea_orm::entity::prelude::*;

use crate::enums::QuestionType;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "quiz_questions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub quiz_id: i64,
    pub position: i32,
    /// `single`, `multiple` or `DRAG_AND_DROP`.
    pub kind: QuestionType,
    /// HTML, sanitised on write.
    pub text: String,
    pub video_url: Option<String>,
    pub iframe_url: Option<String>,
    /// Why the right answer is right, shown to members after an attempt as the quiz's
    /// `feedback` allows; plain text.
    pub explanation: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
