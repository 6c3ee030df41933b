//! A project's escrow as its page shows it: each milestone with its tranche, deadline, state
//! and evidence, and what is held, paid out and returned, all from the milestones' rows (one
//! statement).

use chrono::{DateTime, Utc};
use kernel::AppContext;
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::milestone;
use crate::enums::{FundingState, MilestoneState};
use crate::policy;
use crate::service::escrow;

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
    pub reported_at: Option<DateTime<Utc>>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Why it was sent back, or why the project ended on it.
    pub reason: Option<String>,
    /// Its tranche was paid out to the owner's institution.
    pub paid: bool,
    /// The viewer (its owner) may report it now.
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
}

impl EscrowMilestone {
    pub fn of(
        ctx: &AppContext,
        m: milestone::Model,
        funding: FundingState,
        is_owner: bool,
    ) -> Self {
        Self {
            can_report: is_owner && policy::may_report_milestone(funding, m.state),
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
    /// The escrow of a project in `funding` with milestones `rows` (none before it opened).
    pub fn of(
        ctx: &AppContext,
        rows: Vec<milestone::Model>,
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
                .map(|m| EscrowMilestone::of(ctx, m, funding, is_owner))
                .collect(),
        })
    }
}
