//! What the API shows of topics and replies (spec 2 §3 Discussion topic, Comment): the read
//! model's shapes. Authors are shown by name and avatar only.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::enums::{AttachmentType, Emoji, Level, Reaction};

/// Who wrote a post.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Author {
    pub id: i64,
    pub name: String,
    pub avatar: Option<String>,
}

/// How many gave a post one reaction, and whether the viewer did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct ReactionCount {
    pub emoji: Emoji,
    pub count: i64,
    pub mine: bool,
}

/// Vote counts.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct Votes {
    pub up: i32,
    pub down: i32,
}

/// A file on a post.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Attachment {
    pub id: i64,
    /// The file's address.
    pub image: String,
    /// A small picture for images; the file itself for PDFs and GIFs.
    pub image_thumbnail: String,
    #[serde(rename = "type")]
    pub attachment_type: AttachmentType,
    pub filename: String,
}

/// What a reply quotes: the reply it answers.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Quote {
    pub created_by: Option<Author>,
    /// Plain text (the client cuts it at 100 characters with Show more).
    pub text: String,
}

/// A reply in a topic. A deleted reply keeps its place with its content hidden.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Comment {
    pub id: i64,
    /// The topic it belongs to.
    pub discussion: i64,
    /// Rich text (sanitised); empty once deleted.
    pub text: String,
    /// The reply this one answers.
    pub parent: Option<i64>,
    pub quotes: Option<Quote>,
    pub images: Vec<Attachment>,
    pub votes: Votes,
    pub user_reaction: Option<Reaction>,
    /// Its reactions that anyone gave, in the fixed order of [`Emoji`]; none on a deleted
    /// or hidden post.
    pub reactions: Vec<ReactionCount>,
    /// The viewer may give or take back reactions on it.
    pub can_react: bool,
    pub created_by: Option<Author>,
    /// The viewer wrote it (they do not vote on it).
    pub is_owner: bool,
    /// The viewer may edit it: its author, while they may still write here.
    pub can_edit: bool,
    pub can_delete: bool,
    /// Why the viewer cannot vote on it; absent when they can.
    pub cannot_vote: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub edited_at: Option<DateTime<Utc>>,
    pub deleted_at: Option<DateTime<Utc>>,
    /// Hidden by moderators until reviewed: its text is empty except for its author and
    /// the moderators.
    pub hidden_at: Option<DateTime<Utc>>,
    /// Why, for its author and the moderators.
    pub hidden_reason: Option<String>,
    /// Only in the answer to posting or editing it: the members it newly @mentions who may
    /// not read it, so were not told. (A post tells at most 10 members it newly mentions;
    /// later mentions are links only.)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unreached_mentions: Vec<String>,
}

/// A topic with the first page of its replies.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Topic {
    pub id: i64,
    /// Rich text (sanitised); empty once deleted.
    pub text: String,
    /// Private topics (false) are for the target's members.
    pub is_public: bool,
    pub images: Vec<Attachment>,
    pub votes: Votes,
    pub user_reaction: Option<Reaction>,
    /// Its reactions that anyone gave, in the fixed order of [`Emoji`]; none on a deleted
    /// or hidden post.
    pub reactions: Vec<ReactionCount>,
    /// The viewer may give or take back reactions on it.
    pub can_react: bool,
    pub created_by: Option<Author>,
    pub is_owner: bool,
    pub can_edit: bool,
    pub can_delete: bool,
    /// Why the viewer cannot vote on it; absent when they can.
    pub cannot_vote: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub edited_at: Option<DateTime<Utc>>,
    pub deleted_at: Option<DateTime<Utc>>,
    /// Hidden by moderators until reviewed: its text is empty except for its author and
    /// the moderators.
    pub hidden_at: Option<DateTime<Utc>>,
    /// Why, for its author and the moderators.
    pub hidden_reason: Option<String>,
    /// Only in the answer to posting or editing it: the members it newly @mentions who may
    /// not read it, so were not told. (A post tells at most 10 members it newly mentions;
    /// later mentions are links only.)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unreached_mentions: Vec<String>,
    /// Its replies that are not deleted (what "N replies" counts).
    pub num_replies: i32,
    /// Every reply in its thread, deleted ones included (they keep their place): what the
    /// replies' pages count.
    pub thread_size: i32,
    /// The oldest replies, up to one page (10); "Load more replies" fetches the rest.
    pub replies: Vec<Comment>,
    /// How the viewer hears of its replies (`normal` when signed out).
    pub subscription: Level,
}
