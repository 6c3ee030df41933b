use sea_orm::entity::prelude::*;

use crate::enums::{FeedEventType, FeedObjectType};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "feed_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub event_type: FeedEventType,
    pub object_type: FeedObjectType,
    pub actor_id: Option<i64>,
    pub group_id: Option<i64>,
    pub is_public: bool,
    /// JSON: id, text, discussion_id, slug, image.
    pub content: String,
    /// JSON: slug, title, summary, image.
    pub related_content: String,
    /// The post a discussion or comment item shows (kept current as the post changes).
    pub object_id: Option<i64>,
    /// The topic of that post: its privacy is the item's.
    pub discussion_id: Option<i64>,
    /// Lower-cased text the feed's search looks in.
    pub search_text: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
