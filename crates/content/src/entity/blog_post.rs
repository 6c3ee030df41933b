use kernel::json_list::JsonList;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "blog_posts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// HTML, sanitised on write.
    pub description: String,
    /// HTML, sanitised on write.
    pub body: String,
    pub header_image: Option<String>,
    /// The publication date shown.
    pub date: DateTimeUtc,
    pub author_id: Option<i64>,
    pub published: bool,
    pub can_create_discussion: bool,
    /// A JSON list of tag titles.
    pub tags: JsonList<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
