//! The port through which discussions learn who may do what on a target. The target's own
//! crate knows its rules; `app` adapts them to this trait and registers one per
//! [`TopicType`].

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use kernel::{AppResult, CurrentUser};

use crate::enums::TopicType;

/// What a viewer may do in a target's discussion.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Access {
    /// Reads topics marked private (a working group's members).
    pub read_private: bool,
    /// Starts topics and replies.
    pub write: bool,
    /// May mark a topic private.
    pub set_private: bool,
    /// Removes other people's topics and replies (a group's owner and moderators).
    pub moderate: bool,
    /// Text the patient-data guardrail flags is not published here, even with the author's
    /// declaration (a working group whose owner chose it).
    pub phi_blocking: bool,
}

#[async_trait]
pub trait Target: Send + Sync {
    /// What `viewer` may do on the target `id`; `None` when there is no such target or the
    /// viewer may not see it (the discussion then does not exist for them).
    async fn access(&self, id: i64, viewer: Option<&CurrentUser>) -> AppResult<Option<Access>>;

    /// The number of live (not deleted) topics and replies on the target moved, for
    /// targets that show a count.
    async fn comments_changed(&self, id: i64, delta: CommentsDelta) -> AppResult<()>;

    /// How each of the targets `ids` that still exist and `viewer` may see is named and
    /// linked, in a fixed number of statements (a member's Following list and search
    /// results name them).
    async fn names(
        &self,
        ids: &[i64],
        viewer: Option<&CurrentUser>,
    ) -> AppResult<HashMap<i64, PlaceName>>;

    /// The people of target `id` an @mention may name besides those who posted in its
    /// discussion (a working group's members, a project's owner and team), in one statement.
    async fn people(&self, id: i64) -> AppResult<Vec<i64>>;

    /// The targets whose private topics `viewer` reads as a member (search shows private
    /// topics to members only), in one statement.
    async fn member_of(&self, viewer: &CurrentUser) -> AppResult<Vec<i64>>;
}

/// A target as lists name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceName {
    pub title: String,
    /// Its page, `/working-groups/{slug}` for instance.
    pub route: String,
    /// The viewer reads its private topics.
    pub read_private: bool,
}

/// How a target's counts of live posts move: all of them, and those in public topics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommentsDelta {
    pub all: i32,
    pub public: i32,
}

/// The targets `app` registered, by type.
#[derive(Clone, Default)]
pub struct Targets {
    by_type: HashMap<TopicType, Arc<dyn Target>>,
}

impl Targets {
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers the target behind `topic_type`.
    pub fn with(mut self, topic_type: TopicType, target: Arc<dyn Target>) -> Self {
        self.by_type.insert(topic_type, target);
        self
    }

    /// The target behind `topic_type`, if one is registered.
    pub fn get(&self, topic_type: TopicType) -> Option<&Arc<dyn Target>> {
        self.by_type.get(&topic_type)
    }

    /// The names of `wanted` targets of each type that `viewer` may see, one call per
    /// type whatever the number of targets.
    pub async fn names(
        &self,
        wanted: HashMap<TopicType, Vec<i64>>,
        viewer: Option<&CurrentUser>,
    ) -> AppResult<HashMap<(TopicType, i64), PlaceName>> {
        let mut names = HashMap::new();
        for (topic_type, ids) in wanted {
            if let Some(target) = self.get(topic_type) {
                for (id, name) in target.names(&ids, viewer).await? {
                    names.insert((topic_type, id), name);
                }
            }
        }
        Ok(names)
    }

    /// The targets of each type whose private topics `viewer` reads as a member.
    pub async fn member_of(&self, viewer: &CurrentUser) -> AppResult<Vec<(TopicType, i64)>> {
        let mut found = Vec::new();
        for (&topic_type, target) in &self.by_type {
            found.extend(
                target
                    .member_of(viewer)
                    .await?
                    .into_iter()
                    .map(|id| (topic_type, id)),
            );
        }
        Ok(found)
    }
}
