//! Facts the groups crate publishes (the feed turns them into notifications).

use kernel::events::Event;

use crate::enums::{ApprovedStatus, MemberRole};

/// What staff decided about a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// A new group was approved: it is public for the first time.
    Approved,
    /// Changes to an approved group were approved.
    ChangesApproved,
    /// A new group, or changes to an approved one, were rejected.
    Rejected,
    Suspended,
    Reactivated,
}

/// Staff decided on a group (approved, rejected, or its changes reviewed), or suspended or
/// reactivated it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupModerated {
    pub group: GroupRef,
    pub owner_id: i64,
    pub decision: Decision,
    pub approved_status: ApprovedStatus,
    pub suspended: bool,
    pub reason: Option<String>,
    /// The group's public summary (rich text) and image address, as they now stand.
    pub summary: String,
    pub image: Option<String>,
}

impl Event for GroupModerated {}

/// Staff reviewed an update of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateReviewed {
    pub group: GroupRef,
    pub update_id: i64,
    pub author_id: i64,
    pub approved: bool,
    /// Why, as staff told the author.
    pub reason: Option<String>,
    pub title: String,
    /// Rich text.
    pub text: String,
    pub image: Option<String>,
}

impl Event for UpdateReviewed {}

/// The group a membership change happened in, as a notification names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupRef {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

/// What changed about someone's place in a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MembershipChange {
    /// `member` asked to join (the owner and moderators decide).
    RequestSent,
    /// `member` withdrew their request.
    RequestCancelled,
    /// `actor` accepted `member`'s request: they are now a member.
    RequestAccepted,
    /// `actor` declined `member`'s request.
    RequestDeclined,
    /// `actor` invited an address (`member` is set when it belongs to an account). The token
    /// is the one mailed, so an in-app notification can open the invitation too.
    Invited { email: String, invite_token: String },
    /// `member` accepted an invitation and joined.
    Joined,
    /// `member` left the group.
    Left,
    /// `actor` removed `member`.
    Removed,
    /// `actor` gave `member` a new role.
    RoleChanged { role: MemberRole },
}

/// Someone's membership of a group changed; `actor` is who did it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MembershipChanged {
    pub group: GroupRef,
    pub actor_id: i64,
    /// The person concerned, when they have an account.
    pub member_id: Option<i64>,
    pub change: MembershipChange,
}

impl Event for MembershipChanged {}
