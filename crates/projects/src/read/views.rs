//! What the projects endpoints answer.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::community::ProjectTag;
use kernel::storage::Storage;
use kernel::users::UserSummary;
use serde::Serialize;
use utoipa::ToSchema;

use crate::budget::{BudgetLine, Milestone};
use crate::content::{Content, NeedRow, TeamRow};
use crate::entity::{need, project, review};
use crate::enums::{
    CreatorGap, EthicsStatus, FundingState, NeedKind, ProjectAction, ProjectStatus, ReviewCriterion,
};
use crate::policy;
use crate::service::{dynamic_review, eligibility, ledger, prize, team};

/// A project as its owner edits it (every step's fields, empty until saved).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectDraft {
    pub id: i64,
    /// The address of the project page once it is live: `/project/{slug}`.
    pub slug: String,
    pub title: String,
    /// HTML.
    pub lay_summary: String,
    /// The picture's address.
    pub image: Option<String>,
    pub video_url: Option<String>,
    /// HTML.
    pub problem: String,
    /// HTML.
    pub aims: String,
    /// HTML.
    pub methods: String,
    /// HTML.
    pub impact: String,
    pub ethics_status: Option<EthicsStatus>,
    pub conflicts: String,
    /// The funding goal in cents of CAD.
    pub funding_goal_cents: Option<i64>,
    pub campaign_days: Option<i32>,
    /// Cents of CAD.
    pub total_budget_cents: Option<i64>,
    pub budget_lines: Vec<BudgetLine>,
    pub milestones: Vec<Milestone>,
    pub status: ProjectStatus,
    /// Staff's reason, when they sent the project back.
    pub rejection_reason: Option<String>,
    /// The owner may open it in the wizard: a draft, one sent back, or a live one.
    pub can_edit: bool,
    /// The owner may submit it for review (a draft, or sent back by staff).
    pub can_submit: bool,
    /// The owner's edits wait for staff approval while the approved version stays public
    /// (a live project); its budget no longer changes.
    pub edits_wait_for_review: bool,
    /// Changes wait for staff; this view shows them, not the public version.
    pub changes_pending: bool,
    /// The owner may post project updates (once it is public).
    pub can_post_update: bool,
    /// The project page is open to everyone.
    pub is_public: bool,
    /// The owner may refund every pledge (which voids the contract).
    pub can_refund: bool,
    /// The Content Expert's reason, when the funding was not approved.
    pub funding_reason: Option<String>,
    /// ProjectTag (project tag) ids.
    pub tags: Vec<i64>,
    pub created_at: DateTime<Utc>,
    pub submitted_at: Option<DateTime<Utc>>,
    /// When the changes waiting for staff were first proposed.
    pub changes_proposed_at: Option<DateTime<Utc>>,
    /// When the campaign ends (once live).
    pub closes_at: Option<DateTime<Utc>>,
    pub funding: Funding,
}

impl ProjectDraft {
    pub fn of(p: project::Model, tags: Vec<i64>, storage: &dyn Storage) -> Self {
        Self {
            tags,
            funding: Funding::of(&p),
            image: p.image.as_deref().map(|k| storage.url(k)),
            video_url: p.video_url.clone(),
            can_edit: policy::may_change(p.status),
            can_submit: policy::may_edit(p.status),
            edits_wait_for_review: policy::edits_wait_for_staff(p.status),
            changes_pending: p.pending_changes.is_some(),
            can_post_update: policy::may_post_update(p.status, true),
            is_public: policy::is_public(p.status),
            can_refund: policy::is_public(p.status) && policy::may_refund(p.funding_state, true),
            funding_reason: p.funding_reason.clone(),
            id: p.id,
            slug: p.slug,
            title: p.title,
            lay_summary: p.lay_summary,
            problem: p.problem,
            aims: p.aims,
            methods: p.methods,
            impact: p.impact,
            ethics_status: p.ethics_status,
            conflicts: p.conflicts,
            funding_goal_cents: p.funding_goal_cents,
            campaign_days: p.campaign_days,
            total_budget_cents: p.total_budget_cents,
            budget_lines: p.budget_lines.0,
            milestones: p.milestones.0,
            status: p.status,
            rejection_reason: p.rejection_reason,
            created_at: p.created_at,
            submitted_at: p.submitted_at,
            changes_proposed_at: p.changes_proposed_at,
            closes_at: p.closes_at,
        }
    }
}

/// One thing keeping the caller from submitting a project, and where to fix it.
#[derive(Debug, Serialize, ToSchema)]
pub struct EligibilityGap {
    pub gap: CreatorGap,
    pub message: String,
    /// The screen that fixes it (a route of the site).
    pub fix_route: String,
}

/// Whether the caller may submit projects, and if not, why.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectEligibility {
    pub can_submit: bool,
    pub gaps: Vec<EligibilityGap>,
}

impl From<Vec<CreatorGap>> for ProjectEligibility {
    fn from(gaps: Vec<CreatorGap>) -> Self {
        Self {
            can_submit: gaps.is_empty(),
            gaps: gaps
                .into_iter()
                .map(|gap| {
                    let (message, fix_route) = eligibility::explain(gap);
                    EligibilityGap {
                        gap,
                        message: message.to_owned(),
                        fix_route: fix_route.to_owned(),
                    }
                })
                .collect(),
        }
    }
}

/// A submitted project in the staff queue, with its owner.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffProjectRow {
    #[serde(flatten)]
    pub project: ProjectDraft,
    pub owner: Option<UserSummary>,
    /// The team and needs the public page shows, so staff decide on everything it will show.
    #[serde(flatten)]
    pub team: ProjectTeam,
    /// Staff may approve it or send it back now (it was submitted).
    pub can_review: bool,
    /// What staff may do to it now beyond that review (suspend, reactivate, close).
    pub actions: Vec<ProjectAction>,
}

/// One version of a live project's reviewed content (staff's side-by-side view).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectVersion {
    pub title: String,
    /// HTML.
    pub lay_summary: String,
    pub tags: Vec<ProjectTag>,
    /// The picture's address.
    pub image: Option<String>,
    pub video_url: Option<String>,
    /// HTML.
    pub problem: String,
    /// HTML.
    pub aims: String,
    /// HTML.
    pub methods: String,
    /// HTML.
    pub impact: String,
    pub ethics_status: Option<EthicsStatus>,
    pub conflicts: String,
    pub team: Vec<TeamMemberDraft>,
    pub needs: Vec<NeedDraft>,
}

impl ProjectVersion {
    /// `c` with its topics named from `topics` (unknown ones left out).
    pub fn of(c: Content, topics: &HashMap<i64, ProjectTag>, storage: &dyn Storage) -> Self {
        let ProjectTeam { team, needs } = (c.team, c.needs).into();
        Self {
            tags: c
                .tags
                .iter()
                .filter_map(|t| topics.get(t).cloned())
                .collect(),
            image: c.image.as_deref().map(|k| storage.url(k)),
            title: c.title,
            lay_summary: c.lay_summary,
            video_url: c.video_url,
            problem: c.problem,
            aims: c.aims,
            methods: c.methods,
            impact: c.impact,
            ethics_status: c.ethics_status,
            conflicts: c.conflicts,
            team,
            needs,
        }
    }
}

/// A live project's public version beside the changes its owner proposed.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectChanges {
    pub project: StaffProjectRow,
    pub current: ProjectVersion,
    pub proposed: ProjectVersion,
}

/// A live project on `/projects`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectCard {
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// HTML.
    pub lay_summary: String,
    pub owner: Option<UserSummary>,
    pub tags: Vec<ProjectTag>,
    /// The picture's address, and its thumbnail's (for cards).
    pub image: Option<String>,
    pub image_thumbnail: Option<String>,
    /// Cents of CAD.
    pub funding_goal_cents: Option<i64>,
    /// When the campaign ends.
    pub closes_at: Option<DateTime<Utc>>,
    pub funding: Funding,
}

/// Where a project's funding stands (all or nothing).
#[derive(Debug, Serialize, ToSchema)]
pub struct Funding {
    /// What the standing pledges add up to, in cents of CAD (nothing is charged before the
    /// goal is reached and a Content Expert approves).
    pub raised_cents: i64,
    /// How many members' pledges stand.
    pub backers: i32,
    pub state: FundingState,
    /// The funds were paid out to the owner's institution (a refund takes them back first).
    pub paid_out: bool,
    /// The goal is reached and a Content Expert decides now.
    pub awaits_final_approval: bool,
    /// The pledges are being charged in the background (the state moves on by itself).
    pub is_charging: bool,
    /// The platform's fee, in percent of what is charged.
    pub platform_fee_percent: u8,
    /// The processor's fee, an estimate in percent (its range).
    pub processor_fee_percent: [u8; 2],
}

impl Funding {
    fn of(p: &project::Model) -> Self {
        Self {
            raised_cents: p.raised_cents,
            backers: p.backers,
            state: p.funding_state,
            paid_out: policy::paid_out(p.funding_state),
            awaits_final_approval: policy::awaits_final_approval(p.funding_state),
            is_charging: p.funding_state == FundingState::Charging,
            platform_fee_percent: ledger::PLATFORM_FEE_PERCENT,
            processor_fee_percent: ledger::PROCESSOR_FEE_PERCENT,
        }
    }
}

impl ProjectCard {
    pub fn of(
        p: project::Model,
        owner: Option<UserSummary>,
        tags: Vec<ProjectTag>,
        storage: &dyn Storage,
    ) -> Self {
        Self {
            tags,
            image: p.image.as_deref().map(|k| storage.url(k)),
            image_thumbnail: p
                .image
                .as_deref()
                .map(|k| storage.url(&media::images::thumbnail_key(k))),
            closes_at: p.closes_at,
            funding: Funding::of(&p),
            id: p.id,
            slug: p.slug,
            title: p.title,
            lay_summary: p.lay_summary,
            owner,
            funding_goal_cents: p.funding_goal_cents,
        }
    }
}

/// What the viewer may do with a project, decided on the server.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectAbilities {
    /// The owner may change it: a draft or one sent back, or a live one (the changes then
    /// wait for staff while this version stays public).
    pub can_edit: bool,
    /// Everyone may read it (live or closed): its updates and discussion show.
    pub is_public: bool,
    /// Its campaign runs (live): prize progress and Dynamic Review show.
    pub campaign_open: bool,
    /// A signed-in member other than the owner may pledge (live, the goal not reached).
    pub can_pledge: bool,
    /// The campaign takes pledges (live, the goal not reached), whoever looks: a visitor is
    /// offered to sign in to back it.
    pub takes_pledges: bool,
    /// What to tell when the campaign would take pledges but for its protocol, not yet
    /// registered (while the setting asks for one); none otherwise.
    pub awaits_protocol: Option<String>,
    /// A signed-in member may give it a heart (public projects).
    pub can_favorite: bool,
    /// A signed-in member other than the owner may review it (live projects).
    pub can_rate: bool,
    /// The owner may post updates (public projects): `/project-updates/{id}`.
    pub can_post_update: bool,
    /// The owner may post the results (paid out in full, none posted yet).
    pub can_post_results: bool,
}

/// A project's hearts and the viewer's own.
#[derive(Debug, Serialize, ToSchema)]
pub struct Favorites {
    pub count: u64,
    pub is_favorite: bool,
}

impl From<crate::service::favorites::Hearts> for Favorites {
    fn from(h: crate::service::favorites::Hearts) -> Self {
        Self {
            count: h.count,
            is_favorite: h.mine,
        }
    }
}

/// A project's page, `/project/{slug}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectPage {
    #[serde(flatten)]
    pub card: ProjectCard,
    /// The protocol's latest registration (`GET /projects/{slug}/protocol` has them all).
    pub protocol: Option<ProtocolStamp>,
    /// Once funded, when its budget lists milestones: the escrow they are paid out of.
    pub escrow: Option<super::escrow::Escrow>,
    /// When its results are due: once it is paid out in full.
    pub results_due_at: Option<DateTime<Utc>>,
    /// The date has passed and no results are posted.
    pub results_overdue: bool,
    /// Its results, once posted.
    pub results: Option<super::results::ProjectResults>,
    /// HTML.
    pub problem: String,
    /// HTML.
    pub aims: String,
    /// HTML.
    pub methods: String,
    /// HTML.
    pub impact: String,
    pub ethics_status: Option<EthicsStatus>,
    pub conflicts: String,
    pub video_url: Option<String>,
    pub campaign_days: Option<i32>,
    /// Cents of CAD.
    pub total_budget_cents: Option<i64>,
    pub budget_lines: Vec<BudgetLine>,
    pub milestones: Vec<Milestone>,
    pub status: ProjectStatus,
    pub live_at: Option<DateTime<Utc>>,
    pub team: Vec<TeamMember>,
    pub needs: Vec<ProjectNeed>,
    pub favorites: Favorites,
    pub reviews: ReviewSummary,
    pub prize: PrizeProgress,
    pub abilities: ProjectAbilities,
}

/// How far the project is toward the prize's eligibility targets.
#[derive(Debug, Serialize, ToSchema)]
pub struct PrizeProgress {
    /// Cents of CAD crowdfunded: the pledges that stand (charged once funded).
    pub raised_cents: i64,
    pub raised_target_cents: i64,
    /// Members who commented, each counted once.
    pub commenters: u64,
    pub commenters_target: u64,
    /// Favourites ("likes").
    pub favorites: u64,
    pub favorites_target: u64,
    /// Every target is reached.
    pub eligible: bool,
}

impl From<prize::Progress> for PrizeProgress {
    fn from(p: prize::Progress) -> Self {
        Self {
            eligible: p.eligible(),
            raised_cents: p.raised_cents,
            raised_target_cents: prize::RAISED_TARGET_CENTS,
            commenters: p.commenters,
            commenters_target: prize::COMMENTERS_TARGET,
            favorites: p.favorites,
            favorites_target: prize::FAVORITES_TARGET,
        }
    }
}

/// What a project's page shows beside the project's own row.
pub struct PageParts {
    pub owner: Option<UserSummary>,
    pub tags: Vec<ProjectTag>,
    pub team: team::TeamAndNeeds,
    pub favorites: Favorites,
    pub reviews: ReviewSummary,
    pub prize: PrizeProgress,
    /// The protocol's latest registration, if any.
    pub protocol: Option<ProtocolStamp>,
    /// The campaign may take pledges as far as the protocol goes (registered, or not asked).
    pub protocol_ready: bool,
    pub escrow: Option<super::escrow::Escrow>,
    pub results: Option<super::results::ProjectResults>,
}

/// The latest registration of a project's protocol, as its page names it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProtocolStamp {
    pub version: i32,
    pub registered_at: DateTime<Utc>,
    /// SHA-256 (hex) of the registration.
    pub content_hash: String,
}

impl From<crate::entity::protocol::Model> for ProtocolStamp {
    fn from(v: crate::entity::protocol::Model) -> Self {
        Self {
            version: v.version,
            registered_at: v.registered_at,
            content_hash: v.content_hash,
        }
    }
}

impl ProjectPage {
    pub fn of(
        p: project::Model,
        viewer: Option<i64>,
        parts: PageParts,
        storage: &dyn Storage,
    ) -> Self {
        let PageParts {
            owner,
            tags,
            team,
            favorites,
            reviews,
            prize,
            protocol,
            protocol_ready,
            escrow,
            results,
        } = parts;
        let is_owner = viewer == Some(p.owner_id);
        Self {
            abilities: ProjectAbilities {
                can_edit: is_owner && policy::may_change(p.status),
                is_public: policy::is_public(p.status),
                campaign_open: policy::campaign_open(p.status),
                can_pledge: viewer.is_some()
                    && policy::takes_new_pledges(
                        p.status,
                        p.funding_state,
                        is_owner,
                        protocol_ready,
                    ),
                takes_pledges: policy::takes_new_pledges(
                    p.status,
                    p.funding_state,
                    false,
                    protocol_ready,
                ),
                awaits_protocol: (policy::may_pledge(p.status, p.funding_state, false)
                    && !protocol_ready)
                    .then(|| crate::service::protocols::AWAITS_PROTOCOL.to_owned()),
                can_favorite: viewer.is_some() && policy::is_public(p.status),
                can_rate: viewer.is_some() && policy::may_rate(p.status, is_owner),
                can_post_update: policy::may_post_update(p.status, is_owner),
                can_post_results: is_owner
                    && results.is_none()
                    && policy::may_post_results(p.funding_state),
            },
            team: team
                .team
                .into_iter()
                .map(|m| TeamMember {
                    name: m.name,
                    role: m.role,
                    user_id: m.user_id,
                })
                .collect(),
            needs: team.needs.into_iter().map(Into::into).collect(),
            favorites,
            reviews,
            prize,
            protocol,
            escrow,
            results_due_at: p.results_due_at,
            results_overdue: results.is_none()
                && p.results_due_at.is_some_and(|due| {
                    crate::service::results::is_overdue(due, kernel::clock::now())
                }),
            results,
            problem: p.problem.clone(),
            aims: p.aims.clone(),
            methods: p.methods.clone(),
            impact: p.impact.clone(),
            ethics_status: p.ethics_status,
            conflicts: p.conflicts.clone(),
            video_url: p.video_url.clone(),
            campaign_days: p.campaign_days,
            total_budget_cents: p.total_budget_cents,
            budget_lines: p.budget_lines.0.clone(),
            milestones: p.milestones.0.clone(),
            status: p.status,
            live_at: p.live_at,
            card: ProjectCard::of(p, owner, tags, storage),
        }
    }
}

/// One member's ratings, each from 1 to 5.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewRatings {
    pub scientific_merit: i16,
    pub feasibility: i16,
    pub relevance_to_patients: i16,
    pub clarity: i16,
    pub team: i16,
}

impl From<&review::Model> for ReviewRatings {
    fn from(r: &review::Model) -> Self {
        let [
            scientific_merit,
            feasibility,
            relevance_to_patients,
            clarity,
            team,
        ] = dynamic_review::ratings_of(r);
        Self {
            scientific_merit,
            feasibility,
            relevance_to_patients,
            clarity,
            team,
        }
    }
}

/// A member's review as the project page lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectReview {
    pub id: i64,
    pub reviewer: Option<UserSummary>,
    #[serde(flatten)]
    pub ratings: ReviewRatings,
    /// Plain text; may be empty.
    pub comment: String,
    pub updated_at: DateTime<Utc>,
}

impl ProjectReview {
    pub fn of(r: review::Model, reviewer: Option<UserSummary>) -> Self {
        Self {
            ratings: ReviewRatings::from(&r),
            id: r.id,
            reviewer,
            comment: r.comment,
            updated_at: r.updated_at,
        }
    }
}

/// One criterion's average over every review.
#[derive(Debug, Serialize, ToSchema)]
pub struct CriterionScore {
    pub criterion: ReviewCriterion,
    pub label: String,
    /// Rounded to one decimal; none before the first review.
    pub average: Option<f64>,
}

/// The viewer's own review, to edit it.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyReview {
    #[serde(flatten)]
    pub ratings: ReviewRatings,
    pub comment: String,
}

/// Dynamic Review in numbers: how many reviewed, each criterion's average, the guidelines
/// a first review is written under, and the viewer's own review.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewSummary {
    pub count: u64,
    pub criteria: Vec<CriterionScore>,
    /// The terms' comment and review guidelines.
    pub guidelines: Vec<String>,
    pub mine: Option<MyReview>,
}

impl From<dynamic_review::Tally> for ReviewSummary {
    fn from(t: dynamic_review::Tally) -> Self {
        Self {
            count: t.count,
            criteria: ReviewCriterion::ALL
                .iter()
                .zip(t.averages)
                .map(|(criterion, average)| CriterionScore {
                    criterion: *criterion,
                    label: criterion.label().to_owned(),
                    average,
                })
                .collect(),
            guidelines: dynamic_review::GUIDELINES
                .iter()
                .map(|g| (*g).to_owned())
                .collect(),
            mine: t.mine.map(|r| MyReview {
                ratings: ReviewRatings::from(&r),
                comment: r.comment,
            }),
        }
    }
}

/// A person on the project's team, as the owner wrote them.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamMemberDraft {
    pub name: String,
    pub email: Option<String>,
    pub role: String,
}

/// Something the project asks the community for.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectNeed {
    pub id: i64,
    pub kind: NeedKind,
    pub description: String,
}

impl From<need::Model> for ProjectNeed {
    fn from(n: need::Model) -> Self {
        Self {
            id: n.id,
            kind: n.kind,
            description: n.description,
        }
    }
}

/// Something the project asks for, as the owner wrote it.
#[derive(Debug, Serialize, ToSchema)]
pub struct NeedDraft {
    pub kind: NeedKind,
    pub description: String,
}

/// The wizard's "Team and needs" step as saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectTeam {
    pub team: Vec<TeamMemberDraft>,
    pub needs: Vec<NeedDraft>,
}

impl From<(Vec<TeamRow>, Vec<NeedRow>)> for ProjectTeam {
    fn from((team, needs): (Vec<TeamRow>, Vec<NeedRow>)) -> Self {
        Self {
            team: team
                .into_iter()
                .map(|m| TeamMemberDraft {
                    name: m.name,
                    email: m.email,
                    role: m.role,
                })
                .collect(),
            needs: needs
                .into_iter()
                .map(|n| NeedDraft {
                    kind: n.kind,
                    description: n.description,
                })
                .collect(),
        }
    }
}

/// A person on the project's team as everyone sees them (never their e-mail).
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamMember {
    pub name: String,
    pub role: String,
    /// Their public profile, `/profile/{id}`, when they are a member.
    pub user_id: Option<i64>,
}

/// A live project's need on `/needs`, with its project.
#[derive(Debug, Serialize, ToSchema)]
pub struct NeedCard {
    #[serde(flatten)]
    pub need: ProjectNeed,
    pub project_slug: String,
    pub project_title: String,
}
