use sea_orm::entity::prelude::*;

use crate::enums::TopicType;

/// A topic (`topic_id` is NULL) or a reply in one.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "discussion_posts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub target_type: TopicType,
    pub target_id: i64,
    pub topic_id: Option<i64>,
    /// The reply this reply answers and quotes.
    pub parent_id: Option<i64>,
    /// Private topics are for the target's members; a reply carries its topic's value.
    pub is_public: bool,
    /// Its topic (a topic: itself) is neither deleted nor hidden. With `is_public`, a copy
    /// of the topic's state on each of its posts, kept by [`crate::service::posts`] in the
    /// transaction that changes it, so that search decides what a viewer may read from
    /// the post's own row.
    pub topic_live: bool,
    /// Rich text, sanitised on write.
    pub text: String,
    pub created_by_id: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub edited_at: Option<DateTimeUtc>,
    /// Deleted posts stay (the thread keeps its shape) with their content hidden.
    pub deleted_at: Option<DateTimeUtc>,
    pub deleted_by_id: Option<i64>,
    /// Hidden by moderators (or by enough members' reports) until reviewed: shown to its
    /// author, with the reason, and to the target's moderators only.
    pub hidden_at: Option<DateTimeUtc>,
    pub hidden_reason: Option<String>,
    pub votes_up: i32,
    pub votes_down: i32,
    /// Topics only: how many replies it has, deleted ones included (they still show).
    pub num_replies: i32,
    /// Topics only: how many of those replies are deleted.
    pub num_deleted_replies: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// Posts by id, in one statement (the parents a page quotes, the posts a report names).
pub async fn by_ids(db: &impl ConnectionTrait, ids: Vec<i64>) -> kernel::AppResult<Vec<Model>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(Entity::find().filter(Column::Id.is_in(ids)).all(db).await?)
}
