//! What the moderation endpoints take and answer.

use chrono::{DateTime, Utc};
use kernel::Pagination;
use kernel::moderation::{ModerationAction, ReportReason, ReportSubject};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// A member's report.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ReportRequest {
    pub subject_type: ReportSubject,
    pub subject_id: i64,
    pub reason: ReportReason,
    /// What is wrong, at most 1000 characters; required when the reason is `other`.
    pub details: Option<String>,
}

/// What a moderator does about the reports on an item.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ReportDecision {
    pub action: ModerationAction,
    /// Why, at most 500 characters; required to hide, warn or suspend (the author reads
    /// it).
    pub reason: Option<String>,
}

/// Which queue or log: one working group's, or (staff) everything.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GroupScope {
    /// A working group the caller runs (the queue) or belongs to (the log); absent for
    /// staff: everything, and for a group's owner or moderator: every group they run.
    pub group_id: Option<i64>,
}

/// A person as the queue names them.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportedAuthor {
    pub id: i64,
    pub name: String,
}

/// How many reports gave one reason.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReasonCount {
    pub reason: ReportReason,
    pub count: i64,
}

/// A reported item in the review queue.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportedItem {
    pub subject_type: ReportSubject,
    pub subject_id: i64,
    /// Its name: a post's first words, a title, a member's name; absent once it is gone.
    pub title: Option<String>,
    /// Its page, when it has one anyone can open.
    pub route: Option<String>,
    pub author: Option<ReportedAuthor>,
    /// The working group whose owner and moderators review it.
    pub group_id: Option<i64>,
    /// Hidden until reviewed (by a moderator, or by enough reports).
    pub hidden: bool,
    /// Open reports about it, each from a different member.
    pub reports: i64,
    pub reasons: Vec<ReasonCount>,
    /// What reporters wrote, newest first; reporters are not named.
    pub details: Vec<String>,
    pub first_reported_at: DateTime<Utc>,
    pub last_reported_at: DateTime<Utc>,
    /// What the caller may do about it.
    pub actions: Vec<ModerationAction>,
}

/// A page of the review queue, most reported first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportedItemPage {
    pub data: Vec<ReportedItem>,
    pub pagination: Pagination,
}

/// One entry of the moderation log. Reporters are never named.
#[derive(Debug, Serialize, ToSchema)]
pub struct ModerationLogEntry {
    pub id: i64,
    pub subject_type: ReportSubject,
    /// The item's name, when the action left it readable (dismissed, warned).
    pub title: Option<String>,
    pub author_name: Option<String>,
    /// Hidden by the platform after enough reports: no one acted.
    pub automatic: bool,
    /// Who acted.
    pub moderator_name: Option<String>,
    pub action: ModerationAction,
    pub reason: Option<String>,
    /// How many reports it settled.
    pub reports: i32,
    pub created_at: DateTime<Utc>,
}

/// A page of the moderation log, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ModerationLogPage {
    pub data: Vec<ModerationLogEntry>,
    pub pagination: Pagination,
}
