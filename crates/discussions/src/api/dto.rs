//! What the discussions API returns (spec 2 §3 Discussion topic, Comment). Built from the
//! crate's rows; entities never leave the crate. Authors are shown by name and avatar only.

use chrono::{DateTime, Utc};
use kernel::Pagination;
use serde::Serialize;
use utoipa::ToSchema;

use crate::enums::{AttachmentType, Level, Reaction, SubjectType};

/// Who wrote a post.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Author {
    pub id: i64,
    pub name: String,
    pub avatar: Option<String>,
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

/// What the viewer may do in this discussion.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct Permissions {
    /// Start topics and reply (canWrite).
    pub can_create_discussion: bool,
    /// Mark a topic private.
    pub can_set_private: bool,
    /// Remove other people's posts.
    pub can_moderate: bool,
    /// Text the patient-data guardrail flags cannot be published here, even with a
    /// declaration (issue 24 §1).
    pub phi_blocking: bool,
}

/// A page of topics, with the viewer's permissions.
#[derive(Debug, Serialize, ToSchema)]
pub struct TopicPage {
    pub data: Vec<Topic>,
    pub pagination: Pagination,
    pub permissions: Permissions,
    /// How the viewer hears of this whole discussion (`normal` when signed out).
    pub subscription: SubscriptionState,
}

/// What a member follows or mutes, as their Following list shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Subscription {
    pub subject_type: SubjectType,
    pub subject_id: i64,
    pub level: Level,
    /// The working group, blog post or project it belongs to; absent once that is gone or
    /// hidden from the member.
    pub place_title: Option<String>,
    /// Where to read it.
    pub route: Option<String>,
    /// A topic's first words (plain text); absent for a place, a deleted topic, or a
    /// private one the member may no longer read.
    pub excerpt: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A page of the member's Following list.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionPage {
    pub data: Vec<Subscription>,
    pub pagination: Pagination,
}

/// How the member hears of a subject now.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionState {
    pub subject_type: SubjectType,
    pub subject_id: i64,
    pub level: Level,
}

/// A vote's outcome: the counts and the viewer's reaction now.
#[derive(Debug, Serialize, ToSchema)]
pub struct VoteResult {
    pub votes: Votes,
    pub user_reaction: Option<Reaction>,
}

/// The answer to a deleted topic, reply or file: "Successfully deleted".
pub fn deleted() -> actix_web::web::Json<kernel::Data<kernel::MessageResponse>> {
    kernel::Data::new(kernel::MessageResponse {
        message: crate::service::posts::DELETED.into(),
    })
}
