//! What the messages API answers.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// A member as a conversation names them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Participant {
    pub id: i64,
    pub name: String,
    /// Their picture's thumbnail.
    pub avatar: Option<String>,
}

impl Participant {
    pub fn of(user: &kernel::users::UserSummary) -> Self {
        Self {
            id: user.id,
            name: user.name.clone(),
            avatar: user.avatar_thumbnail.clone(),
        }
    }
}

/// The newest message of a conversation, as its list shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessagePreview {
    pub author_id: i64,
    /// Its first characters.
    pub excerpt: String,
    pub created_at: DateTime<Utc>,
}

/// A conversation in the caller's list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConversationSummary {
    pub id: i64,
    /// Everyone else in it.
    pub others: Vec<Participant>,
    pub last_message: Option<MessagePreview>,
    pub last_message_at: DateTime<Utc>,
    /// Messages from others the caller has not read.
    pub unread: i64,
}

/// A conversation as its page shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Conversation {
    pub id: i64,
    /// Everyone else in it.
    pub others: Vec<Participant>,
    /// Why the caller may not write here now (a block); absent when they may.
    pub cannot_send: Option<String>,
}

/// One message, as a member of its conversation reads it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Message {
    pub id: i64,
    pub conversation_id: i64,
    pub author: Participant,
    /// Plain text; absent once moderators removed it (or hid it, to all but its author).
    pub body: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Moderators hid it after a report.
    pub hidden: bool,
    /// Why, shown to its author only.
    pub hidden_reason: Option<String>,
    /// Moderators deleted it after a report.
    pub deleted: bool,
    pub mine: bool,
    /// Whether the caller may report it (someone else's, still there).
    pub can_report: bool,
}

/// A run of a conversation's messages, oldest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessagePage {
    pub data: Vec<Message>,
    /// Older messages come before these (ask again with `before` the first id).
    pub has_more: bool,
}

/// How many messages from others the caller has not read, across their conversations.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct UnreadMessages {
    pub unread_messages: i64,
}

/// A member the caller blocked.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BlockedMember {
    pub member: Participant,
    pub blocked_at: DateTime<Utc>,
}
