//! A project's escrow as its page shows it: each milestone with its tranche, deadline, state
//! and evidence, and what is held, paid out and returned, all from the milestones' rows and
//! their files (two statements).

use chrono::{DateTime, Utc};
use kernel::AppContext;
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{milestone, milestone_file};
use crate::enums::{FundingState, MilestoneState};
use crate::policy;
use crate::service::escrow;

/// A PDF of a milestone's evidence.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MilestoneFile {
    pub id: i64,
    pub filename: String,
    pub url: String,
    pub byte_size: i64,
    /// SHA-256 of the file's bytes, in hex.
    pub sha256: String,
    /// Waiting for the milestone's next report: only its owner sees it.
    pub waiting: bool,
}

impl MilestoneFile {
    pub fn of(ctx: &AppContext, f: &milestone_file::Model) -> Self {
        Self {
            id: f.id,
            filename: f.filename.clone(),
            url: ctx.storage.url(&f.storage_key),
            byte_size: f.byte_size,
            sha256: f.sha256.clone(),
            waiting: f.reported_at.is_none(),
        }
    }
}

/// One milestone of the escrow.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EscrowMilestone {
    /// 1 for the first milestone of the budget.
    pub position: i32,
    pub title: String,
    pub description: String,
    /// Its share of the escrow, in cents of CAD: paid out once it is verified.
    pub tranche_cents: i64,
    /// When it is due.
    pub due_at: DateTime<Utc>,
    /// When, unreported, it is missed and the project ends: the deadline plus the grace
    /// period.
    pub missed_after: DateTime<Utc>,
    pub state: MilestoneState,
    /// How many times a Content Expert sent it back (a second time ends the project).
    pub returns: i32,
    /// The owner's report: HTML.
    pub evidence: Option<String>,
    pub links: Vec<String>,
    /// The report's files; its owner also sees those waiting for the next report.
    pub files: Vec<MilestoneFile>,
    pub reported_at: Option<DateTime<Utc>>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Why it was sent back, or why the project ended on it.
    pub reason: Option<String>,
    /// Its tranche was paid out to the owner's institution.
    pub paid: bool,
    /// The viewer (its owner) may report it now, and attach or remove its files.
    pub can_report: bool,
}

/// A funded project's escrow.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Escrow {
    /// Still held, in cents: the tranches not yet paid out (none once the project ended).
    pub held_cents: i64,
    pub paid_out_cents: i64,
    /// What went back to the donors when the project ended.
    pub returned_cents: i64,
    pub milestones: Vec<EscrowMilestone>,
    /// Files one milestone's report may hold.
    pub max_files: usize,
}

impl EscrowMilestone {
    /// Milestone `m` of a project in `funding`, with its files among `files` (those still
    /// waiting only for its owner).
    pub fn of(
        ctx: &AppContext,
        m: milestone::Model,
        funding: FundingState,
        is_owner: bool,
        files: &[milestone_file::Model],
    ) -> Self {
        let missed = escrow::is_missed(ctx, m.due_at, kernel::clock::now());
        Self {
            can_report: is_owner && policy::may_report_milestone(funding, m.state, missed),
            files: files
                .iter()
                .filter(|f| f.milestone_id == m.id && (is_owner || f.reported_at.is_some()))
                .map(|f| MilestoneFile::of(ctx, f))
                .collect(),
            missed_after: escrow::missed_after(ctx, m.due_at),
            paid: m.payout_ref.is_some(),
            position: m.position,
            title: m.title,
            description: m.description,
            tranche_cents: m.tranche_cents,
            due_at: m.due_at,
            state: m.state,
            returns: m.returns,
            evidence: m.evidence,
            links: m.links.map(|l| l.0).unwrap_or_default(),
            reported_at: m.reported_at,
            decided_at: m.decided_at,
            reason: m.reason,
        }
    }
}

impl Escrow {
    /// The escrow of a project in `funding` with milestones `rows` (none before it opened)
    /// and their `files`.
    pub fn of(
        ctx: &AppContext,
        rows: Vec<milestone::Model>,
        files: &[milestone_file::Model],
        funding: FundingState,
        is_owner: bool,
    ) -> Option<Self> {
        if rows.is_empty() {
            return None;
        }
        let sum = |keep: &dyn Fn(&milestone::Model) -> bool| -> i64 {
            rows.iter()
                .filter(|m| keep(m))
                .map(|m| m.tranche_cents)
                .sum()
        };
        let paid = sum(&|m| m.payout_ref.is_some());
        let unpaid = sum(&|m| m.payout_ref.is_none());
        // Abandoned: the rest went back; refunded by the owner: the tranches paid were taken
        // back too, and everything went back.
        let (held_cents, paid_out_cents, returned_cents) = match funding {
            FundingState::Abandoned => (0, paid, unpaid),
            FundingState::Refunded => (0, 0, unpaid + paid),
            _ => (unpaid, paid, 0),
        };
        Some(Self {
            held_cents,
            paid_out_cents,
            returned_cents,
            milestones: rows
                .into_iter()
                .map(|m| EscrowMilestone::of(ctx, m, funding, is_owner, files))
                .collect(),
            max_files: escrow::evidence::MAX_FILES,
        })
    }
}
