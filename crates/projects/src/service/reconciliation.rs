//! Three-way reconciliation: the processor's own lists of charges and payouts, Cohort's
//! ledger, and the totals shown to people (each project's raised amount and backers) are
//! compared, and every difference is listed with what to do about it. Nothing here writes:
//! staff decide. It runs nightly, on demand in the console and as `cohort funding
//! reconcile` (which exits 1 on any difference). It reads a fixed number of queries and two
//! processor lists, whatever the number of projects.

use std::collections::{HashMap, HashSet};

use kernel::payments::{ListedCharge, ListedPayout};
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use super::ledger::{self as ledger_service, Posting, Totals};
use super::pledging::processor_error;
use crate::entity::{ledger, milestone, pledge, posting, project};
use crate::enums::{
    FundingState, LedgerAccount, LedgerKind, MilestoneState, PledgeStatus, ReconciliationSide,
};

/// One difference, with what to do about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Discrepancy {
    pub side: ReconciliationSide,
    /// None when the processor's movement names no project Cohort knows.
    pub project_id: Option<i64>,
    pub project_title: String,
    pub pledge_id: Option<i64>,
    /// The processor's id of the charge or payout, when there is one.
    pub reference: Option<String>,
    /// What differs, in words.
    pub problem: String,
    /// What staff should do about it.
    pub action: String,
    /// Cohort's two figures, in cents: a charge's collected and refunded, a payout's paid
    /// and taken back, or a total as shown and as it should be.
    pub ledger_cents: [i64; 2],
    /// The processor's two figures, in cents; none when it has no record.
    pub processor_cents: Option<[i64; 2]>,
}

/// The platform-wide report.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Report {
    /// Charges compared (the ledger's and the processor's).
    pub charges: usize,
    /// Payouts compared.
    pub payouts: usize,
    /// Projects whose totals were checked.
    pub projects: usize,
    pub discrepancies: Vec<Discrepancy>,
}

pub const NO_RECORD: &str = "The processor has no record of this charge.";
pub const NOT_COLLECTED: &str = "The processor did not collect this charge.";
pub const AMOUNT_DIFFERS: &str = "The processor collected a different amount.";
pub const REFUND_DIFFERS: &str = "The processor refunded a different amount.";
pub const UNRECORDED_CHARGE: &str = "The processor collected a charge the ledger does not have.";
pub const PAYOUT_NO_RECORD: &str = "The processor has no record of this payout.";
pub const PAYOUT_DIFFERS: &str = "The processor paid out a different amount.";
pub const REVERSAL_DIFFERS: &str = "The processor took back a different amount of this payout.";
pub const UNRECORDED_PAYOUT: &str = "The processor paid out money the ledger does not have.";
pub const RAISED_VS_LEDGER: &str = "The raised amount shown differs from the project's ledger.";
pub const RAISED_VS_PLEDGES: &str = "The raised amount shown differs from its standing pledges.";
pub const BACKERS_VS_PLEDGES: &str = "The backers shown differ from its standing pledges.";
pub const OVERSPENT: &str = "More was paid out and kept than the project collected.";
pub const ESCROW_VS_MILESTONES: &str =
    "The escrow held differs from the milestones' tranches not yet paid out.";
pub const ESCROW_LEFT: &str = "Money is left in escrow of a project whose funding has ended.";
pub const POSTINGS_DIFFER: &str =
    "The entry's postings do not move its amount between its two accounts.";

/// What to do about each problem.
fn action(problem: &str) -> &'static str {
    match problem {
        NO_RECORD => {
            "Look the charge up in the processor's dashboard; if it was never made, correct the \
             ledger and mark the pledge failed so its donor can give a new card."
        }
        NOT_COLLECTED => "Mark the pledge failed so its donor can give a new card.",
        AMOUNT_DIFFERS => "Refund the difference at the processor or correct the ledger.",
        REFUND_DIFFERS => {
            "Record the refund made at the processor (its webhook does), or refund what the \
             ledger says was refunded."
        }
        UNRECORDED_CHARGE => {
            "Refund it at the processor unless its pledge was charged; the charging sweep \
             records a charge it made under the pledge's key."
        }
        PAYOUT_NO_RECORD => {
            "Look the payout up in the processor's dashboard; the sweep pays out again under \
             the same key if it was never made."
        }
        PAYOUT_DIFFERS | REVERSAL_DIFFERS => {
            "Compare the payout in the processor's dashboard and correct the ledger or the payout."
        }
        UNRECORDED_PAYOUT => "Take the payout back at the processor, or record it in the ledger.",
        OVERSPENT => "Take the payout back or collect what is missing before any further refund.",
        ESCROW_VS_MILESTONES => {
            "Compare the project's tranches paid with its ledger: a tranche paid at the \
             processor is recorded by the sweep under its key; otherwise correct the ledger."
        }
        ESCROW_LEFT => {
            "Finish the project's refunds or payout (the sweep resumes them), or record the \
             movement the processor made."
        }
        POSTINGS_DIFFER => {
            "Correct the entry's postings from its kind and amount; a movement that did happen \
             is recorded as a new entry, never by changing one."
        }
        _ => "Recount the project's pledges and correct its totals from its ledger.",
    }
}

/// What is wrong with one charge of the ledger (`ours`: collected, refunded), if anything.
fn charge_problem(ours: [i64; 2], theirs: Option<&ListedCharge>) -> Option<&'static str> {
    let Some(theirs) = theirs else {
        return Some(NO_RECORD);
    };
    if !theirs.succeeded {
        Some(NOT_COLLECTED)
    } else if theirs.amount_cents != ours[0] {
        Some(AMOUNT_DIFFERS)
    } else if theirs.refunded_cents != ours[1] {
        Some(REFUND_DIFFERS)
    } else {
        None
    }
}

/// What is wrong with one payout of the ledger (`ours`: paid, taken back), if anything.
fn payout_problem(ours: [i64; 2], theirs: Option<&ListedPayout>) -> Option<&'static str> {
    let Some(theirs) = theirs else {
        return Some(PAYOUT_NO_RECORD);
    };
    if theirs.amount_cents != ours[0] {
        Some(PAYOUT_DIFFERS)
    } else if theirs.reversed_cents != ours[1] {
        Some(REVERSAL_DIFFERS)
    } else {
        None
    }
}

/// One project's figures: as shown, as its ledger sums them, as its standing pledges add up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Figures {
    shown_raised: i64,
    shown_backers: i64,
    ledger: Totals,
    standing_cents: i64,
    standing_count: i64,
}

/// What is wrong with one project's totals: each problem with its figures (shown, expected).
fn totals_problems(f: &Figures) -> Vec<(&'static str, [i64; 2])> {
    let mut found = Vec::new();
    if f.shown_raised != f.ledger.pledged_cents {
        found.push((RAISED_VS_LEDGER, [f.shown_raised, f.ledger.pledged_cents]));
    }
    if f.shown_raised != f.standing_cents {
        found.push((RAISED_VS_PLEDGES, [f.shown_raised, f.standing_cents]));
    }
    if f.shown_backers != f.standing_count {
        found.push((BACKERS_VS_PLEDGES, [f.shown_backers, f.standing_count]));
    }
    let spent = f.ledger.fees_cents + f.ledger.paid_out_cents;
    if spent > f.ledger.collected_cents {
        found.push((OVERSPENT, [spent, f.ledger.collected_cents]));
    }
    found
}

/// The pledge a processor movement's key names (`pledge-{id}-charge-{n}`).
fn pledge_of_key(key: Option<&str>) -> Option<i64> {
    key?.strip_prefix("pledge-")?
        .split('-')
        .next()?
        .parse()
        .ok()
}

/// The project a payout's key names (`project-{id}-payout`, or a milestone's tranche:
/// `project-{id}-tranche-{n}`).
fn project_of_key(key: Option<&str>) -> Option<i64> {
    let rest = key?.strip_prefix("project-")?;
    let id = match rest.strip_suffix("-payout") {
        Some(id) => id,
        None => rest.split_once("-tranche-")?.0,
    };
    id.parse().ok()
}

/// Cohort's side, read in a fixed number of queries.
struct Books {
    entries: Vec<ledger::Model>,
    /// Each entry's postings, by entry, sorted.
    postings: HashMap<i64, Vec<Posting>>,
    /// Every project with money on the books: id → (title, raised shown, backers shown).
    projects: HashMap<i64, (String, i64, i64)>,
    /// Standing pledges by project: (cents, count).
    standing: HashMap<i64, (i64, i64)>,
    /// Project of each pledge a processor movement names.
    pledge_projects: HashMap<i64, i64>,
    /// Where each project with money on the books stands.
    funding: HashMap<i64, FundingState>,
    /// The tranches not yet paid out of each project in escrow.
    unpaid_tranches: HashMap<i64, i64>,
}

impl Books {
    async fn read(db: &impl ConnectionTrait, named_pledges: Vec<i64>) -> AppResult<Self> {
        let entries = ledger::Entity::find()
            .order_by_asc(ledger::Column::Id)
            .all(db)
            .await?;
        let mut postings: HashMap<i64, Vec<Posting>> = HashMap::new();
        for p in posting::Entity::find().all(db).await? {
            postings
                .entry(p.entry_id)
                .or_default()
                .push(Posting::new(p.account, p.amount_cents));
        }
        postings.values_mut().for_each(|legs| Posting::sort(legs));
        let standing: Vec<(i64, i64, i64)> = pledge::Entity::find()
            .select_only()
            .column(pledge::Column::ProjectId)
            .column_as(
                Expr::expr(Func::sum(Expr::col(pledge::Column::AmountCents))).cast_as("BIGINT"),
                "cents",
            )
            .column_as(
                Expr::expr(Func::count(Expr::col(pledge::Column::Id))).cast_as("BIGINT"),
                "count",
            )
            .filter(pledge::Column::Status.is_in(PledgeStatus::STANDING))
            .group_by(pledge::Column::ProjectId)
            .into_tuple()
            .all(db)
            .await?;
        let pledge_projects: Vec<(i64, i64)> = pledge::Entity::find()
            .select_only()
            .column(pledge::Column::Id)
            .column(pledge::Column::ProjectId)
            .filter(pledge::Column::Id.is_in(named_pledges))
            .into_tuple()
            .all(db)
            .await?;
        let with_money: HashSet<i64> = entries
            .iter()
            .map(|e| e.project_id)
            .chain(standing.iter().map(|s| s.0))
            .chain(pledge_projects.iter().map(|p| p.1))
            .collect();
        let projects: Vec<(i64, String, i64, i32, FundingState)> = project::Entity::find()
            .select_only()
            .column(project::Column::Id)
            .column(project::Column::Title)
            .column(project::Column::RaisedCents)
            .column(project::Column::Backers)
            .column(project::Column::FundingState)
            .filter(project::Column::Id.is_in(with_money))
            .into_tuple()
            .all(db)
            .await?;
        let unpaid_tranches: Vec<(i64, i64)> = milestone::Entity::find()
            .select_only()
            .column(milestone::Column::ProjectId)
            .column_as(
                Expr::expr(Func::sum(Expr::col(milestone::Column::TrancheCents))).cast_as("BIGINT"),
                "cents",
            )
            .filter(milestone::Column::PayoutRef.is_null())
            .filter(milestone::Column::State.is_not_in([MilestoneState::Cancelled]))
            .group_by(milestone::Column::ProjectId)
            .into_tuple()
            .all(db)
            .await?;
        Ok(Self {
            entries,
            postings,
            funding: projects.iter().map(|p| (p.0, p.4)).collect(),
            unpaid_tranches: unpaid_tranches.into_iter().collect(),
            projects: projects
                .into_iter()
                .map(|(id, title, raised, backers, _)| (id, (title, raised, i64::from(backers))))
                .collect(),
            standing: standing
                .into_iter()
                .map(|(id, c, n)| (id, (c, n)))
                .collect(),
            pledge_projects: pledge_projects.into_iter().collect(),
        })
    }

    fn title(&self, project: Option<i64>) -> String {
        project
            .and_then(|id| self.projects.get(&id))
            .map_or_else(|| "Unknown project".to_owned(), |p| p.0.clone())
    }

    fn of_kind(&self, kind: LedgerKind) -> impl Iterator<Item = &ledger::Model> {
        self.entries.iter().filter(move |e| e.kind == kind)
    }

    /// Minus the sum of `kind`'s entries, keyed by `key` (what was refunded or taken back).
    fn returned<'a, K: std::hash::Hash + Eq>(
        &'a self,
        kind: LedgerKind,
        key: impl Fn(&'a ledger::Model) -> Option<K>,
    ) -> HashMap<K, i64> {
        let mut sums = HashMap::new();
        for e in self.of_kind(kind) {
            if let Some(k) = key(e) {
                *sums.entry(k).or_default() -= e.amount_cents;
            }
        }
        sums
    }
}

/// A difference found: `side`, the project, pledge and reference it concerns.
struct Found<'a> {
    books: &'a Books,
    side: ReconciliationSide,
    project_id: Option<i64>,
    pledge_id: Option<i64>,
    reference: Option<String>,
}

impl Found<'_> {
    fn is(self, problem: &str, ours: [i64; 2], theirs: Option<[i64; 2]>) -> Discrepancy {
        Discrepancy {
            side: self.side,
            project_title: self.books.title(self.project_id),
            project_id: self.project_id,
            pledge_id: self.pledge_id,
            reference: self.reference,
            problem: problem.to_owned(),
            action: action(problem).to_owned(),
            ledger_cents: ours,
            processor_cents: theirs,
        }
    }
}

/// The ledger's charges against the processor's, both ways.
fn charges(books: &Books, listed: &[ListedCharge]) -> Vec<Discrepancy> {
    let by_id: HashMap<&str, &ListedCharge> = listed.iter().map(|c| (c.id.as_str(), c)).collect();
    let refunded = books.returned(LedgerKind::Refunded, |e| e.pledge_id);
    let mut recorded = HashSet::new();
    let mut found = Vec::new();
    for charge in books.of_kind(LedgerKind::Charged) {
        let Some(reference) = charge.provider_ref.clone() else {
            continue;
        };
        let pledge = charge.pledge_id.unwrap_or_default();
        let ours = [
            charge.amount_cents,
            refunded.get(&pledge).copied().unwrap_or_default(),
        ];
        let theirs = by_id.get(reference.as_str()).copied();
        if let Some(problem) = charge_problem(ours, theirs) {
            let at = Found {
                books,
                side: ReconciliationSide::Ledger,
                project_id: Some(charge.project_id),
                pledge_id: charge.pledge_id,
                reference: Some(reference.clone()),
            };
            found.push(at.is(
                problem,
                ours,
                theirs.map(|t| [t.amount_cents, t.refunded_cents]),
            ));
        }
        recorded.insert(reference);
    }
    for theirs in listed
        .iter()
        .filter(|c| c.succeeded && !recorded.contains(&c.id))
    {
        let pledge_id = pledge_of_key(theirs.key.as_deref());
        let at = Found {
            books,
            side: ReconciliationSide::Processor,
            project_id: pledge_id.and_then(|p| books.pledge_projects.get(&p).copied()),
            pledge_id,
            reference: Some(theirs.id.clone()),
        };
        found.push(at.is(
            UNRECORDED_CHARGE,
            [0, 0],
            Some([theirs.amount_cents, theirs.refunded_cents]),
        ));
    }
    found
}

/// The ledger's payouts against the processor's, both ways.
fn payouts(books: &Books, listed: &[ListedPayout]) -> Vec<Discrepancy> {
    let by_id: HashMap<&str, &ListedPayout> = listed.iter().map(|p| (p.id.as_str(), p)).collect();
    // Each reversal names the payout it takes back: its key is the payout's, `-reversal`.
    let reversed = books.returned(LedgerKind::PayoutReversed, |e| {
        e.idempotency_key.as_deref()?.strip_suffix("-reversal")
    });
    let mut recorded = HashSet::new();
    let mut found = Vec::new();
    for payout in books.of_kind(LedgerKind::Payout) {
        let Some(reference) = payout.provider_ref.clone() else {
            continue;
        };
        let ours = [
            payout.amount_cents,
            payout
                .idempotency_key
                .as_deref()
                .and_then(|k| reversed.get(k))
                .copied()
                .unwrap_or_default(),
        ];
        let theirs = by_id.get(reference.as_str()).copied();
        if let Some(problem) = payout_problem(ours, theirs) {
            let at = Found {
                books,
                side: ReconciliationSide::Ledger,
                project_id: Some(payout.project_id),
                pledge_id: None,
                reference: Some(reference.clone()),
            };
            found.push(at.is(
                problem,
                ours,
                theirs.map(|t| [t.amount_cents, t.reversed_cents]),
            ));
        }
        recorded.insert(reference);
    }
    for theirs in listed.iter().filter(|p| !recorded.contains(&p.id)) {
        let at = Found {
            books,
            side: ReconciliationSide::Processor,
            project_id: project_of_key(theirs.key.as_deref()),
            pledge_id: None,
            reference: Some(theirs.id.clone()),
        };
        found.push(at.is(
            UNRECORDED_PAYOUT,
            [0, 0],
            Some([theirs.amount_cents, theirs.reversed_cents]),
        ));
    }
    found
}

/// Each project's totals shown against its ledger and its standing pledges.
/// Every entry whose postings are not the balanced pair its kind and amount make (double
/// entry: what the entry says moved, and between which accounts).
fn postings(books: &Books) -> Vec<Discrepancy> {
    let mut found = Vec::new();
    for e in &books.entries {
        let mut expected = ledger_service::postings(e.kind, e.amount_cents);
        Posting::sort(&mut expected);
        let actual = books.postings.get(&e.id).cloned().unwrap_or_default();
        if actual != expected {
            let at = Found {
                books,
                side: ReconciliationSide::Ledger,
                project_id: Some(e.project_id),
                pledge_id: e.pledge_id,
                reference: e.provider_ref.clone(),
            };
            let sum = actual.iter().map(|p| p.amount_cents).sum();
            found.push(at.is(POSTINGS_DIFFER, [sum, e.amount_cents], None));
        }
    }
    found
}

/// What project `funding`'s escrow should hold, when the state says: the tranches not yet
/// paid while in escrow, nothing once its funding ended; none while money is still moving
/// (charging, funded and on its way out).
fn escrow_expected(funding: FundingState, unpaid_tranches: i64) -> Option<(&'static str, i64)> {
    match funding {
        FundingState::InEscrow => Some((ESCROW_VS_MILESTONES, unpaid_tranches)),
        FundingState::Disbursed
        | FundingState::Abandoned
        | FundingState::Released
        | FundingState::Refunded => Some((ESCROW_LEFT, 0)),
        FundingState::Open
        | FundingState::GoalReached
        | FundingState::Charging
        | FundingState::Funded => None,
    }
}

/// Each project's escrow account, as its postings sum it, against what its state says it
/// holds.
fn escrow(books: &Books) -> Vec<Discrepancy> {
    let project_of: HashMap<i64, i64> =
        books.entries.iter().map(|e| (e.id, e.project_id)).collect();
    let mut held: HashMap<i64, i64> = HashMap::new();
    for (entry, legs) in &books.postings {
        for leg in legs.iter().filter(|l| l.account == LedgerAccount::Escrow) {
            if let Some(project) = project_of.get(entry) {
                *held.entry(*project).or_default() += leg.amount_cents;
            }
        }
    }
    let mut ids: Vec<&i64> = books.funding.keys().collect();
    ids.sort();
    let mut found = Vec::new();
    for id in ids {
        let unpaid = books.unpaid_tranches.get(id).copied().unwrap_or_default();
        let Some((problem, expected)) = escrow_expected(books.funding[id], unpaid) else {
            continue;
        };
        let holds = held.get(id).copied().unwrap_or_default();
        if holds != expected {
            let at = Found {
                books,
                side: ReconciliationSide::Ledger,
                project_id: Some(*id),
                pledge_id: None,
                reference: None,
            };
            found.push(at.is(problem, [holds, expected], None));
        }
    }
    found
}

fn totals(books: &Books) -> Vec<Discrepancy> {
    let mut by_project: HashMap<i64, Vec<ledger::Model>> = HashMap::new();
    for e in &books.entries {
        by_project.entry(e.project_id).or_default().push(e.clone());
    }
    let mut ids: Vec<&i64> = books.projects.keys().collect();
    ids.sort();
    let mut found = Vec::new();
    for id in ids {
        let (_, raised, backers) = &books.projects[id];
        let (standing_cents, standing_count) = books.standing.get(id).copied().unwrap_or_default();
        let figures = Figures {
            shown_raised: *raised,
            shown_backers: *backers,
            ledger: Totals::of(by_project.get(id).map(Vec::as_slice).unwrap_or_default()),
            standing_cents,
            standing_count,
        };
        for (problem, ours) in totals_problems(&figures) {
            let at = Found {
                books,
                side: ReconciliationSide::Totals,
                project_id: Some(*id),
                pledge_id: None,
                reference: None,
            };
            found.push(at.is(problem, ours, None));
        }
    }
    found
}

/// Compares the processor, the ledger and the totals shown; every difference found.
pub async fn report(ctx: &AppContext) -> AppResult<Report> {
    let listed_charges = ctx.payments.list_charges().await.map_err(processor_error)?;
    let listed_payouts = ctx.payments.list_payouts().await.map_err(processor_error)?;
    let named: Vec<i64> = listed_charges
        .iter()
        .filter_map(|c| pledge_of_key(c.key.as_deref()))
        .collect();
    let books = Books::read(&ctx.db, named).await?;
    let mut discrepancies = charges(&books, &listed_charges);
    discrepancies.extend(payouts(&books, &listed_payouts));
    discrepancies.extend(postings(&books));
    discrepancies.extend(totals(&books));
    discrepancies.extend(escrow(&books));
    let recorded = |kind| books.of_kind(kind).count();
    Ok(Report {
        charges: recorded(LedgerKind::Charged)
            .max(listed_charges.iter().filter(|c| c.succeeded).count()),
        payouts: recorded(LedgerKind::Payout).max(listed_payouts.len()),
        projects: books.projects.len(),
        discrepancies,
    })
}

/// How often the nightly run comes round.
const NIGHTLY: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

/// The nightly run, until the process ends: every difference is logged as an error and the
/// run counted failed in the metrics (`cohort_job_failures_total{job="funding_reconciliation"}`),
/// so an alert on it reaches the operator; staff read the details in the console.
pub async fn nightly(ctx: AppContext) {
    let mut ticker = tokio::time::interval_at(tokio::time::Instant::now() + NIGHTLY, NIGHTLY);
    loop {
        ticker.tick().await;
        let clean = match report(&ctx).await {
            Ok(found) => {
                for d in &found.discrepancies {
                    tracing::error!(
                        project = d.project_id,
                        reference = d.reference.as_deref(),
                        problem = %d.problem,
                        "funding reconciliation found a difference"
                    );
                }
                found.discrepancies.is_empty()
            }
            Err(err) => {
                tracing::error!(error = %err, "funding reconciliation could not run");
                false
            }
        };
        kernel::metrics::record_job("funding_reconciliation", clean);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(amount_cents: i64, succeeded: bool, refunded_cents: i64) -> ListedCharge {
        ListedCharge {
            id: "ch_1".into(),
            amount_cents,
            succeeded,
            refunded_cents,
            key: Some("pledge-7-charge-0".into()),
        }
    }

    #[test]
    fn a_charge_agrees_or_says_what_differs() {
        let check = |ours, theirs: Option<ListedCharge>| charge_problem(ours, theirs.as_ref());
        assert_eq!(check([500, 0], Some(listed(500, true, 0))), None);
        assert_eq!(check([500, 500], Some(listed(500, true, 500))), None);
        assert_eq!(check([500, 0], None), Some(NO_RECORD));
        assert_eq!(
            check([500, 0], Some(listed(500, false, 0))),
            Some(NOT_COLLECTED)
        );
        assert_eq!(
            check([500, 0], Some(listed(400, true, 0))),
            Some(AMOUNT_DIFFERS)
        );
        assert_eq!(
            check([500, 0], Some(listed(500, true, 500))),
            Some(REFUND_DIFFERS)
        );
    }

    #[test]
    fn a_payout_agrees_or_says_what_differs() {
        let payout = |amount_cents, reversed_cents| ListedPayout {
            id: "po_1".into(),
            amount_cents,
            reversed_cents,
            key: None,
        };
        assert_eq!(payout_problem([900, 0], Some(&payout(900, 0))), None);
        assert_eq!(payout_problem([900, 900], Some(&payout(900, 900))), None);
        assert_eq!(payout_problem([900, 0], None), Some(PAYOUT_NO_RECORD));
        assert_eq!(
            payout_problem([900, 0], Some(&payout(800, 0))),
            Some(PAYOUT_DIFFERS)
        );
        assert_eq!(
            payout_problem([900, 900], Some(&payout(900, 0))),
            Some(REVERSAL_DIFFERS)
        );
    }

    #[test]
    fn totals_agree_with_the_ledger_and_the_pledges_and_nothing_is_overspent() {
        let agreed = Figures {
            shown_raised: 1_000,
            shown_backers: 2,
            ledger: Totals {
                pledged_cents: 1_000,
                collected_cents: 1_000,
                fees_cents: 90,
                paid_out_cents: 910,
            },
            standing_cents: 1_000,
            standing_count: 2,
        };
        assert!(totals_problems(&agreed).is_empty());
        let phantom = Figures {
            shown_raised: 4_022_000,
            shown_backers: -1,
            ..agreed
        };
        let problems: Vec<_> = totals_problems(&phantom).into_iter().map(|p| p.0).collect();
        assert_eq!(
            problems,
            [RAISED_VS_LEDGER, RAISED_VS_PLEDGES, BACKERS_VS_PLEDGES]
        );
        // Finding 3's books: every donor refunded, the payout and the fee kept.
        let refunded_from_nowhere = Figures {
            ledger: Totals {
                collected_cents: 0,
                ..agreed.ledger
            },
            ..agreed
        };
        assert_eq!(totals_problems(&refunded_from_nowhere)[0].0, OVERSPENT);
    }

    #[test]
    fn the_escrow_holds_the_unpaid_tranches_then_nothing() {
        assert_eq!(
            escrow_expected(FundingState::InEscrow, 4_200),
            Some((ESCROW_VS_MILESTONES, 4_200))
        );
        for ended in [
            FundingState::Disbursed,
            FundingState::Abandoned,
            FundingState::Refunded,
            FundingState::Released,
        ] {
            assert_eq!(escrow_expected(ended, 99), Some((ESCROW_LEFT, 0)));
        }
        assert_eq!(escrow_expected(FundingState::Charging, 99), None);
    }

    #[test]
    fn the_processors_keys_name_the_pledge_and_the_project() {
        assert_eq!(pledge_of_key(Some("pledge-42-charge-3")), Some(42));
        assert_eq!(pledge_of_key(Some("dashboard-refund-1")), None);
        assert_eq!(pledge_of_key(None), None);
        assert_eq!(project_of_key(Some("project-9-payout")), Some(9));
        assert_eq!(project_of_key(Some("project-9-payout-reversal")), None);
        assert_eq!(project_of_key(Some("project-9-tranche-2")), Some(9));
        assert_eq!(project_of_key(Some("project-x-tranche-2")), None);
    }
}
