use sea_orm::entity::prelude::*;

use crate::enums::CaptionLanguage;

/// One WebVTT captions track of a lecture, in one language.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "lecture_captions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub lecture_id: i64,
    pub language: CaptionLanguage,
    /// Storage key of the WebVTT file.
    pub file: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
