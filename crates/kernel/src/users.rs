//! What other crates may know about a member, through a port that `accounts` implements
//! and `app` wires: crates never read the users table themselves.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::AppResult;

/// A member as shown beside their content (creator cards, member lists).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct UserSummary {
    pub id: i64,
    pub name: String,
    pub avatar: Option<String>,
    pub avatar_thumbnail: Option<String>,
    pub location: Option<String>,
    /// For the server's own use (members lists copy it for those allowed to see it); never
    /// sent beside a member's content, whoever looks.
    #[serde(skip)]
    pub email: String,
    /// Where they live by the clock (an IANA name; UTC when unset), for the server's own
    /// use: digests are sent at their local morning.
    #[serde(skip)]
    pub time_zone: chrono_tz::Tz,
    pub affiliation: Option<String>,
    /// The start of their bio, for member lists (none for private profiles).
    pub blurb: Option<String>,
    /// The member chose a private profile: show their name, not their activity.
    pub is_private: bool,
}

/// How a member wants one kind of notification delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Delivery {
    pub in_app: bool,
    pub email: bool,
    /// When e-mail is chosen: at once, or gathered into a daily or weekly digest.
    pub email_frequency: crate::notification_kinds::EmailFrequency,
}

/// What spec 1 asks of someone seeking funding for a project: an approved university
/// affiliation, and the equity fields (gender, age group, career stage) filled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CreatorReadiness {
    pub affiliation_approved: bool,
    /// Set up with its university address confirmed: staff have it to review.
    pub affiliation_in_review: bool,
    pub equity_given: bool,
}

/// How long a member has been here and whether their address is theirs: what decides
/// whether their report counts toward hiding something (issue 44, item 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    pub joined: chrono::DateTime<chrono::Utc>,
    pub email_confirmed: bool,
}

#[async_trait]
pub trait UserDirectory: Send + Sync {
    /// Summaries of the given members; unknown ids are left out.
    async fn summaries(&self, ids: &[i64]) -> AppResult<HashMap<i64, UserSummary>>;
    /// Up to `limit` active members among `ids` whose name contains `text` (ignoring
    /// case), by name: whom an @mention may name (a group's members, say).
    async fn named_among(&self, ids: &[i64], text: &str, limit: u64)
    -> AppResult<Vec<UserSummary>>;
    /// The member with this e-mail address (compared case-insensitively), if any.
    async fn by_email(&self, email: &str) -> AppResult<Option<UserSummary>>;
    /// How each of these members wants notifications of `kind`, read together whatever
    /// their number.
    async fn deliveries(
        &self,
        user_ids: &[i64],
        kind: crate::notification_kinds::NotificationKind,
    ) -> AppResult<HashMap<i64, Delivery>>;
    /// How many active members the platform has.
    async fn count_members(&self) -> AppResult<i64>;
    /// The titles of a member's areas of interest (for recommendations).
    async fn interests(&self, user_id: i64) -> AppResult<Vec<String>>;
    /// How far the member is from being allowed to submit a project (an unknown id is
    /// nowhere near).
    async fn creator_readiness(&self, user_id: i64) -> AppResult<CreatorReadiness>;
    /// The member's [`Standing`]; `None` for an unknown id.
    async fn standing(&self, user_id: i64) -> AppResult<Option<Standing>>;
}

/// The shared directory, as stored in [`crate::AppContext`].
pub type Users = Arc<dyn UserDirectory>;
