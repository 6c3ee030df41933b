//! Facts the discussions crate publishes (the feed turns them into notifications and
//! activity).

use kernel::events::Event;

use crate::enums::TopicType;

/// Someone started a topic (`topic_id == post_id`) or replied in one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscussionPosted {
    pub topic_type: TopicType,
    pub target_id: i64,
    pub topic_id: i64,
    pub post_id: i64,
    pub author_id: i64,
    /// Whom a reply answers: the parent reply's author, or else the topic's author.
    pub parent_author_id: Option<i64>,
    /// Private topics (and their replies) are for the target's members only.
    pub is_public: bool,
    /// The post's text without markup.
    pub text: String,
    /// Members it @mentions who may read it: they hear of it as a mention (and of nothing
    /// else about it).
    pub mentioned: Vec<i64>,
}

impl Event for DiscussionPosted {}

/// A post was edited or deleted, or its topic made public or private: what it reads now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscussionChanged {
    pub topic_type: TopicType,
    pub target_id: i64,
    pub topic_id: i64,
    pub post_id: i64,
    pub author_id: i64,
    /// The post's text without markup; `None` once it is deleted.
    pub text: Option<String>,
    /// Whether its topic (and so the post) is public.
    pub is_public: bool,
    /// Members the edit newly @mentions who may read it: they hear of it as a mention.
    pub mentioned: Vec<i64>,
}

impl Event for DiscussionChanged {}

/// Someone's vote or reaction on a post moved its counts (watchers of the thread see them
/// move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscussionVoted {
    pub topic_type: TopicType,
    pub target_id: i64,
    pub topic_id: i64,
    pub post_id: i64,
    pub is_public: bool,
}

impl Event for DiscussionVoted {}
