use sea_orm::entity::prelude::*;

use crate::enums::Answer;

/// A member's answer to a meeting (one each; answering again changes it).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "meeting_answers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub meeting_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    pub answer: Answer,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
