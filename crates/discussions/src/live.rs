//! Live threads (issue 49 §3): a discussion's page watches its room on the live channel
//! and hears of each new topic or reply, edit and vote there, without reloading. This
//! crate names the rooms, says who may hear of them, and words what they hear; `app`
//! carries the events to the channel.

use kernel::{AppError, AppResult, CurrentUser};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::enums::{SubjectType, TopicType};
use crate::events::{DiscussionChanged, DiscussionPosted, DiscussionVoted};
use crate::service::place::Place;
use crate::target::Targets;

const PREFIX: &str = "discussion";

/// The room of `target_id`'s discussion: `discussion:group:12`.
pub fn room(topic_type: TopicType, target_id: i64) -> String {
    format!(
        "{PREFIX}:{}:{target_id}",
        SubjectType::of_place(topic_type).as_str()
    )
}

/// The discussion a room names, if it names one.
pub fn parse(room: &str) -> Option<(TopicType, i64)> {
    let mut parts = room.split(':');
    let (Some(PREFIX), Some(subject), Some(id), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let topic_type = SubjectType::parse(subject)?.place()?;
    let id = id.parse().ok().filter(|id: &i64| *id > 0)?;
    Some((topic_type, id))
}

/// Whether `user` may hear of `room`'s changes: `None` when they may not read the
/// discussion at all (or the room names none), else whether they read its private topics.
pub async fn access(targets: &Targets, user: &CurrentUser, room: &str) -> AppResult<Option<bool>> {
    let Some((topic_type, target_id)) = parse(room) else {
        return Ok(None);
    };
    let place = AppError::found(Place::of(targets, topic_type, target_id, Some(user)).await)?;
    Ok(place.map(|p| p.access.read_private))
}

/// What changed in a watched discussion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ThreadChange {
    /// A new topic.
    Topic,
    /// A new reply in `topic_id`.
    Reply,
    /// A post was edited, deleted, hidden or restored, or its topic made public or private.
    Edit,
    /// A post's votes moved.
    Vote,
}

/// One change, as the live channel delivers it to a room's watchers (`{"thread": …}`):
/// where it happened, never what it says; the page fetches that through the API, which
/// decides what the member may read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ThreadActivity {
    /// The room it happened in (as the topic page's `live_room`).
    pub room: String,
    pub change: ThreadChange,
    pub topic_id: i64,
    pub post_id: i64,
    /// Who wrote the new topic or reply (a page does not announce its reader's own posts);
    /// absent for edits and votes.
    pub author_id: Option<i64>,
}

/// What the channel carries: the change, and whether only readers of private topics may
/// hear of it.
pub struct Broadcast {
    pub room: String,
    pub private: bool,
    pub payload: String,
}

impl ThreadActivity {
    fn broadcast(self, is_public: bool) -> Broadcast {
        Broadcast {
            room: self.room.clone(),
            private: !is_public,
            payload: serde_json::json!({ "thread": self }).to_string(),
        }
    }
}

impl DiscussionPosted {
    /// The new topic or reply, for the discussion's watchers.
    pub fn broadcast(&self) -> Broadcast {
        let change = if self.topic_id == self.post_id {
            ThreadChange::Topic
        } else {
            ThreadChange::Reply
        };
        ThreadActivity {
            room: room(self.topic_type, self.target_id),
            change,
            topic_id: self.topic_id,
            post_id: self.post_id,
            author_id: Some(self.author_id),
        }
        .broadcast(self.is_public)
    }
}

impl DiscussionChanged {
    /// The edit, for the discussion's watchers. A topic made private is told to those who
    /// read it still; the others see it gone at their next load.
    pub fn broadcast(&self) -> Broadcast {
        ThreadActivity {
            room: room(self.topic_type, self.target_id),
            change: ThreadChange::Edit,
            topic_id: self.topic_id,
            post_id: self.post_id,
            author_id: None,
        }
        .broadcast(self.is_public)
    }
}

impl DiscussionVoted {
    /// The moved counts, for the discussion's watchers.
    pub fn broadcast(&self) -> Broadcast {
        ThreadActivity {
            room: room(self.topic_type, self.target_id),
            change: ThreadChange::Vote,
            topic_id: self.topic_id,
            post_id: self.post_id,
            author_id: None,
        }
        .broadcast(self.is_public)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_names_one_discussion_and_reads_back() {
        for topic_type in TopicType::ALL {
            assert_eq!(parse(&room(*topic_type, 42)), Some((*topic_type, 42)));
        }
        assert_eq!(room(TopicType::Blog, 7), "discussion:blog_post:7");
        for wrong in [
            "discussion:topic:1",
            "discussion:group:0",
            "discussion:group:-3",
            "discussion:group:x",
            "discussion:group:1:2",
            "notes:group:1",
            "",
        ] {
            assert_eq!(parse(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn a_private_reply_is_for_private_readers_and_names_no_text() {
        let posted = DiscussionPosted {
            topic_type: TopicType::Groups,
            target_id: 3,
            topic_id: 10,
            post_id: 11,
            author_id: 5,
            parent_author_id: None,
            is_public: false,
            text: "secret words".into(),
            mentioned: Vec::new(),
        };
        let sent = posted.broadcast();
        assert_eq!(sent.room, "discussion:group:3");
        assert!(sent.private);
        assert!(!sent.payload.contains("secret"));
        let read: serde_json::Value = serde_json::from_str(&sent.payload).unwrap();
        assert_eq!(read["thread"]["change"], "reply");
        assert_eq!(read["thread"]["author_id"], 5);
    }
}
