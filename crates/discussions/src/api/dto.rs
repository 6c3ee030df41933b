//! What the discussions API returns besides the topics and replies themselves (those are
//! the read model's, [`crate::read`]): a page's permissions, subscriptions, a vote's result.

use chrono::{DateTime, Utc};
use kernel::Pagination;
use serde::Serialize;
use utoipa::ToSchema;

use crate::enums::{Level, Reaction, SubjectType};
pub use crate::read::{Attachment, Author, Comment, Quote, ReactionCount, Topic, Votes};

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
    /// This discussion's room on the live channel: a signed-in page sends
    /// `{"watch": live_room}` on `/ws/notifications` and hears of each new topic, reply,
    /// edit and vote here as `{"thread": ThreadActivity}`.
    pub live_room: String,
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
