//! What other crates may know about working group membership and notifications, through
//! ports that `groups` and `feed` implement and `app` wires.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;

use crate::error::AppResult;

#[async_trait]
pub trait GroupDirectory: Send + Sync {
    /// The groups whose private content a member reads, whatever their role: all they
    /// belong to but those whose data-use agreement lapsed for them (issue 44, item 7).
    async fn groups_of(&self, user_id: i64) -> AppResult<Vec<i64>>;
    /// The groups a member owns or moderates.
    async fn curated_by(&self, user_id: i64) -> AppResult<Vec<i64>>;
    /// The groups a member owns (manages: edits, deletes, sets up webhooks for).
    async fn owned_by(&self, user_id: i64) -> AppResult<Vec<i64>>;
    /// The members of a group.
    async fn members_of(&self, group_id: i64) -> AppResult<Vec<i64>>;
    /// Everyone who shares a group with a member (the member too, if they belong to any),
    /// in one statement.
    async fn co_members(&self, user_id: i64) -> AppResult<Vec<i64>>;
    /// The members of a group who read its private content: all but those whose data-use
    /// agreement lapsed.
    async fn private_readers_of(&self, group_id: i64) -> AppResult<Vec<i64>>;
    /// How many groups are public (approved and active).
    async fn count_public(&self) -> AppResult<i64>;
    /// How many public groups a member joined (their own not counted).
    async fn count_joined(&self, user_id: i64) -> AppResult<i64>;
    /// The topics (project tags) among `ids` that exist, by id: groups and projects are
    /// tagged from the same list, which `groups` keeps.
    async fn topics(&self, ids: &[i64]) -> AppResult<HashMap<i64, ProjectTag>>;
    /// Every topic, by title.
    async fn all_topics(&self) -> AppResult<Vec<ProjectTag>>;
}

/// A topic (project tag), as other crates name it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct ProjectTag {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

/// The shared group directory, as stored in [`crate::AppContext`].
pub type Groups = Arc<dyn GroupDirectory>;

#[async_trait]
pub trait NoticeCounter: Send + Sync {
    /// How many of a member's notifications are unread.
    async fn unread(&self, user_id: i64) -> AppResult<i64>;
}

/// The shared counter, as stored in [`crate::AppContext`].
pub type Notices = Arc<dyn NoticeCounter>;

#[async_trait]
pub trait MessageCounter: Send + Sync {
    /// How many direct messages from others a member has not read.
    async fn unread(&self, user_id: i64) -> AppResult<i64>;
}

/// The shared counter, as stored in [`crate::AppContext`].
pub type UnreadMessages = Arc<dyn MessageCounter>;
