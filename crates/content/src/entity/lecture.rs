use kernel::json_list::JsonList;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "lectures")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub title: String,
    /// The speaker.
    pub author: String,
    pub summary: Option<String>,
    /// A JSON list of tag titles.
    pub tags: JsonList<String>,
    /// Storage key of the poster.
    pub image: Option<String>,
    /// Storage key of an uploaded video.
    pub video_file: Option<String>,
    /// A video elsewhere.
    pub video_url: Option<String>,
    pub position: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
