use sea_orm::entity::prelude::*;

use crate::enums::TitleAlign;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "content_pages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub before_title: Option<String>,
    /// `NONE`, `CENTER`, `RIGHT` or `left`.
    pub title_align: TitleAlign,
    /// HTML, sanitised on write.
    pub body: String,
    /// Landing pages: a JSON list of typed blocks.
    pub blocks: String,
    pub articles_in_line: Option<i32>,
    pub first_alone: bool,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
