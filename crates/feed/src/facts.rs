//! What the feed is told. `app` turns the other crates' events into these facts, so the
//! feed decides who is notified of what without knowing the crates that publish them.

/// A working group, as notifications and feed items name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

/// How staff decided on a group.
/// Why a project's funding was let go (the projects crate's `ReleaseCause`, as the feed
/// words it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReleaseCause {
    Ended,
    ClosedByStaff,
    NotApproved(String),
    FellShort,
}

/// Where a milestone of a project's escrow went (the projects crate's `MilestoneState`, as
/// the feed words it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MilestoneStep {
    /// The owner reported it done: a Content Expert verifies it.
    Reported,
    /// Verified: its tranche (cents) was paid out.
    Verified { tranche_cents: i64 },
    /// Sent back with this reason: the owner reports it again.
    Returned(String),
    /// Missed, or sent back twice (this reason): the project ended and what was left in
    /// escrow (cents) went back to the donors.
    Ended { reason: String, returned_cents: i64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupOutcome {
    /// Approved for the first time: the group is new on the platform.
    Approved,
    /// Changes to an approved group were approved.
    ChangesApproved,
    Rejected,
    Suspended,
    Reactivated,
}

/// What staff decided about a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProjectOutcome {
    Approved,
    Rejected,
    Suspended,
    Reactivated,
    Closed,
    /// Changes to a live project replaced its public version.
    ChangesApproved,
    /// Changes to a live project were sent back.
    ChangesRejected,
    /// The campaign's days are over.
    CampaignEnded,
}

/// A research project, as notifications and feed items name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

/// Staff's decision on a project update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectUpdate {
    pub project: Project,
    pub author_id: i64,
    pub update_id: i64,
    pub approved: bool,
    pub reason: Option<String>,
    pub title: String,
    /// Plain text.
    pub text: String,
    pub image: Option<String>,
    /// Who follows the project (its favouriters).
    pub followers: Vec<i64>,
}

/// Where a discussion post was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Group(Group),
    Blog {
        id: i64,
        slug: String,
        title: String,
    },
    /// A research project's page, `/project/{slug}`.
    Project(Project),
}

/// What a topic or reply reads now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostChange {
    pub topic_id: i64,
    pub post_id: i64,
    pub author_id: i64,
    /// Plain text of the post now; `None` once it is deleted.
    pub text: Option<String>,
    /// Whether its topic is public now.
    pub is_public: bool,
}

/// A topic or reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Post {
    pub place: Place,
    pub topic_id: i64,
    pub post_id: i64,
    pub author_id: i64,
    /// Whom a reply answers.
    pub parent_author_id: Option<i64>,
    pub is_public: bool,
    pub is_topic: bool,
    /// Plain text of the post.
    pub text: String,
    /// Who hears of a new topic (a group's members).
    pub followers: Vec<i64>,
    /// Who follows the topic or its place: they hear of every new topic and reply there.
    pub following: Vec<i64>,
    /// Who muted the topic or its place: they hear of nothing there.
    pub muted: Vec<i64>,
    /// Who it @mentions and may read it: they hear of it as a mention, and only so.
    pub mentioned: Vec<i64>,
}

/// An edit @mentions members it did not before (those who may read the post).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    pub place: Place,
    pub post_id: i64,
    pub author_id: i64,
    /// Plain text of the post.
    pub text: String,
    pub mentioned: Vec<i64>,
    /// Who muted the topic or its place.
    pub muted: Vec<i64>,
}

/// A meeting about to start, as its reminder names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reminder {
    pub title: String,
    pub host_title: String,
    pub route: String,
    pub starts_at: chrono::DateTime<chrono::Utc>,
    pub time_zone: String,
    /// Within an hour (else within a day).
    pub within_hour: bool,
    pub members: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// A meeting starts within `lead`: `members` are reminded.
    EventReminder(Reminder),
    /// A direct message arrived; `recipients` had read everything there before it.
    MessageReceived {
        conversation_id: i64,
        author_id: i64,
        recipients: Vec<i64>,
    },
    JoinRequested {
        group: Group,
        asker_id: i64,
        curators: Vec<i64>,
    },
    JoinAnswered {
        group: Group,
        actor_id: i64,
        member_id: i64,
        accepted: bool,
    },
    Invited {
        group: Group,
        actor_id: i64,
        member_id: i64,
        invite_token: String,
    },
    RoleChanged {
        group: Group,
        actor_id: i64,
        member_id: i64,
        role: String,
    },
    Removed {
        group: Group,
        actor_id: i64,
        member_id: i64,
    },
    GroupReviewed {
        group: Group,
        owner_id: i64,
        outcome: GroupOutcome,
        reason: Option<String>,
        summary: String,
        image: Option<String>,
    },
    UpdateApproved {
        group: Group,
        author_id: i64,
        update_id: i64,
        title: String,
        text: String,
        image: Option<String>,
    },
    /// Staff turned an update down; its author is told why.
    UpdateRejected {
        group: Group,
        author_id: i64,
        title: String,
        reason: Option<String>,
    },
    /// A moderator hid or deleted something a member wrote, or warned them about it.
    ContentModerated {
        author_id: i64,
        subject_type: kernel::moderation::ReportSubject,
        title: String,
        route: String,
        action: kernel::moderation::ModerationAction,
        reason: Option<String>,
    },
    /// A webhook failed `failures` times in a row and was turned off: its creator is told,
    /// with a link to where it is managed.
    WebhookDisabled {
        user_id: i64,
        url: String,
        failures: i32,
        route: String,
    },
    /// Staff approved a member's affiliation, or set it back to not approved.
    AffiliationReviewed {
        user_id: i64,
        approved: bool,
        reason: Option<String>,
    },
    /// Staff decided on a project: approved (it is live and announced), sent back,
    /// suspended, reactivated or closed.
    ProjectReviewed {
        project: Project,
        owner_id: i64,
        outcome: ProjectOutcome,
        reason: Option<String>,
        /// The lay summary, as plain text.
        summary: String,
    },
    ProjectUpdateReviewed(ProjectUpdate),
    /// A project's pledges were let go (any charge refunded), for `cause`.
    ProjectReleased {
        project: Project,
        owner_id: i64,
        backers: Vec<i64>,
        cause: ReleaseCause,
    },
    /// A project was funded and paid out to its owner.
    ProjectFunded {
        project: Project,
        owner_id: i64,
        backers: Vec<i64>,
        collected_cents: i64,
        paid_out_cents: i64,
        /// The funds wait in escrow, paid out milestone by milestone.
        in_escrow: bool,
    },
    /// A project's results were posted: its backers and followers hear of it.
    ResultsPosted {
        project: Project,
        owner_id: i64,
        audience: Vec<i64>,
    },
    /// A project's results are due soon, or overdue: its owner hears of it.
    ResultsDue {
        project: Project,
        owner_id: i64,
        due_at: chrono::DateTime<chrono::Utc>,
        overdue: bool,
    },
    /// A milestone of a project's escrow moved: the owner and its backers hear of it.
    MilestoneMoved {
        project: Project,
        owner_id: i64,
        backers: Vec<i64>,
        /// 1 for the first milestone.
        position: i32,
        title: String,
        step: MilestoneStep,
    },
    /// A member pledged to a project.
    PledgeMade {
        project: Project,
        backer_id: i64,
        amount_cents: i64,
        card: String,
    },
    /// A donor's pledge lapsed: its charge failed and no new card came in time.
    PledgeLapsed {
        project: Project,
        backer_id: i64,
        amount_cents: i64,
    },
    /// A donor's charge failed: they have until `grace_until` to give a new card (or, when
    /// their bank wants it authenticated, to confirm the payment).
    PledgeChargeFailed {
        project: Project,
        backer_id: i64,
        amount_cents: i64,
        grace_until: chrono::DateTime<chrono::Utc>,
        needs_authentication: bool,
    },
    /// A project's pledges reached one of its milestones: announced in everyone's feed, and
    /// its owner hears of it.
    ProjectReachedMilestone {
        project: Project,
        owner_id: i64,
        /// 1 for the first milestone.
        number: usize,
        title: String,
        raised_cents: i64,
    },
    /// A project's owner registered its protocol or an amendment: its backers and
    /// followers hear of it.
    ProtocolRegistered {
        project: Project,
        owner_id: i64,
        version: i32,
        /// The amendment's reason; none for version 1.
        reason: Option<String>,
        audience: Vec<i64>,
        /// The project is public: everyone's feed shows it.
        public: bool,
    },
    /// The owner refunded every pledge.
    ProjectRefunded {
        project: Project,
        backers: Vec<i64>,
    },
    /// A project's pledges reached its goal: its owner and backers hear of it, and it is
    /// announced in everyone's feed.
    ProjectGoalReached {
        project: Project,
        owner_id: i64,
        backers: Vec<i64>,
        raised_cents: i64,
        /// The lay summary, as plain text.
        summary: String,
    },
    Posted(Post),
    /// A post was edited or deleted, or its topic made public or private.
    PostChanged(PostChange),
    Mentioned(Mention),
    BlogPublished {
        post_id: i64,
        slug: String,
        title: String,
        summary: String,
        image: Option<String>,
        author_id: Option<i64>,
    },
}
