//! What the projects crate tells the rest of the platform (the feed listens in `app`).

use kernel::events::Event;

use crate::service::browse::ProjectRef;

/// An owner submitted a project for staff review (webhooks hear of it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectSubmitted {
    pub project: ProjectRef,
}

impl Event for ProjectSubmitted {}

/// What staff decided about a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A submission went live.
    Approved,
    /// A submission went back to its owner.
    Rejected,
    Suspended,
    Reactivated,
    Closed,
    /// Changes to a live project replaced its public version.
    ChangesApproved,
    /// Changes to a live project were sent back; the public version stays.
    ChangesRejected,
    /// The campaign's days are over: the project closed by itself.
    CampaignEnded,
}

/// Staff decided on a project: a submission approved or sent back with a reason, or a
/// public project suspended, reactivated or closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectReviewed {
    pub project: ProjectRef,
    pub outcome: Outcome,
    /// Why, as staff told the owner.
    pub reason: Option<String>,
    /// The lay summary (rich text).
    pub summary: String,
}

impl Event for ProjectReviewed {}

/// Staff reviewed a project update: approved (its followers hear of it) or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectUpdateReviewed {
    pub project: ProjectRef,
    pub update_id: i64,
    pub author_id: i64,
    pub approved: bool,
    /// Why, as staff told the author.
    pub reason: Option<String>,
    pub title: String,
    /// Rich text.
    pub text: String,
    pub image: Option<String>,
    /// Who follows the project (its favouriters); empty unless approved.
    pub followers: Vec<i64>,
}

impl Event for ProjectUpdateReviewed {}

/// A live project's pledges reached its funding goal: they are locked, and a Content Expert
/// decides on the funding. Its owner and backers hear of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectGoalReached {
    pub project: ProjectRef,
    /// The members whose pledges stand.
    pub backers: Vec<i64>,
    /// Cents of CAD pledged.
    pub raised_cents: i64,
    /// The lay summary (rich text).
    pub summary: String,
}

impl Event for ProjectGoalReached {}

/// Why a project's funding was let go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReleaseCause {
    /// The campaign's days ran out short of the goal.
    Ended,
    /// Staff closed the campaign before it was funded.
    ClosedByStaff,
    /// A Content Expert did not approve the funding, for this reason.
    NotApproved(String),
    /// Pledges whose charge failed lapsed, and what was collected fell below the goal: the
    /// goal is not met, so every charge is refunded (all or nothing).
    FellShort,
}

/// Every pledge was let go (any charge refunded): see [`ReleaseCause`]. The backers hear of
/// it, and the owner too when it was not the campaign's days running out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectReleased {
    pub project: ProjectRef,
    /// The members whose pledges were let go or refunded.
    pub backers: Vec<i64>,
    pub cause: ReleaseCause,
}

impl Event for ProjectReleased {}

/// Every pledge of a project was charged (or lapsed) and the funds, less the platform's fee,
/// paid out to its owner or, when its budget lists milestones, put in escrow: the owner and
/// the charged backers hear of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectFunded {
    pub project: ProjectRef,
    /// The members whose pledges were charged.
    pub backers: Vec<i64>,
    pub collected_cents: i64,
    pub paid_out_cents: i64,
    /// The funds wait in escrow, paid out milestone by milestone.
    pub in_escrow: bool,
}

impl Event for ProjectFunded {}

/// A member pledged: they are sent a confirmation of what they promised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PledgeMade {
    pub project: ProjectRef,
    pub backer_id: i64,
    pub amount_cents: i64,
    /// The card it will be charged to, as the donor knows it (`visa ending 4242`).
    pub card: String,
}

impl Event for PledgeMade {}

/// A pledge's charge failed: its donor is asked for a new card before `grace_until`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PledgeChargeFailed {
    pub project: ProjectRef,
    pub backer_id: i64,
    pub pledge_id: i64,
    pub amount_cents: i64,
    pub grace_until: chrono::DateTime<chrono::Utc>,
    /// The donor's bank wants the charge authenticated: the donor confirms it rather than
    /// giving a new card.
    pub needs_authentication: bool,
}

impl Event for PledgeChargeFailed {}

/// A pledge whose charge failed lapsed: no new card came within the grace period, so it no
/// longer counts toward the funding (and its donor is not charged). The donor hears of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PledgeLapsed {
    pub project: ProjectRef,
    pub backer_id: i64,
    pub amount_cents: i64,
}

impl Event for PledgeLapsed {}

/// The owner refunded every pledge (the contract is void): the backers hear of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectRefunded {
    pub project: ProjectRef,
    pub backers: Vec<i64>,
}

impl Event for ProjectRefunded {}

/// A live project's pledges reached one of its milestones (announced once each).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectReachedMilestone {
    pub project: ProjectRef,
    /// 1 for the first milestone.
    pub number: usize,
    pub title: String,
    pub raised_cents: i64,
}

impl Event for ProjectReachedMilestone {}

/// A project's owner registered its protocol (version 1) or an amendment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolRegistered {
    pub project: ProjectRef,
    pub version: i32,
    /// The amendment's reason; none for the first registration.
    pub reason: Option<String>,
    /// Who hears of it: the project's backers and followers (its favouriters).
    pub audience: Vec<i64>,
    /// The project is public: the registration shows in everyone's feed.
    pub public: bool,
}

impl Event for ProtocolRegistered {}

/// A milestone of a project's escrow moved: reported by the owner, verified (its tranche
/// paid out), sent back with a reason, or missed or rejected (the project ended and what was
/// left in escrow went back to the donors). The owner and the charged backers hear of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MilestoneMoved {
    pub project: ProjectRef,
    pub backers: Vec<i64>,
    /// 1 for the first milestone.
    pub position: i32,
    pub title: String,
    pub state: crate::enums::MilestoneState,
    /// The tranche paid out (verified), or what went back to the donors (the project ended).
    pub cents: i64,
    /// Why it was sent back or rejected.
    pub reason: Option<String>,
}

impl Event for MilestoneMoved {}

/// A project's owner posted its results: its backers and followers hear of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultsPosted {
    pub project: ProjectRef,
    /// Its charged backers and its favouriters.
    pub audience: Vec<i64>,
}

impl Event for ResultsPosted {}

/// A project's results are due within a month (`overdue` false), or their date passed: its
/// owner hears of it, once each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultsDue {
    pub project: ProjectRef,
    pub due_at: chrono::DateTime<chrono::Utc>,
    pub overdue: bool,
}

impl Event for ResultsDue {}
