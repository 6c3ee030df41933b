//! The owner refunds every pledge, at any time (spec 2 §5): the contract is void. In one
//! transaction the project closes, its funding becomes `refunded` and every pledge not yet
//! charged is let go. Then the money comes back from where it went: a payout already made
//! is reversed from the owner's account and the platform's fee returned, and only then is
//! each charged pledge refunded at the processor with a key derived from the pledge
//! (`pledge-{id}-refund`), recorded once by a conditional update, so a refund run cut short
//! is resumed by the sweep without refunding twice.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

use super::ledger::{self, Entry, Totals};
use super::{browse, ownership, pledging};
use crate::entity::{ledger as ledger_entry, pledge, project};
use crate::enums::{FundingState, LedgerKind, PledgeStatus, ProjectStatus};
use crate::events::ProjectRefunded;
use crate::policy;

pub const NOTHING_TO_REFUND: &str = "This project has no funding to refund.";

/// The key that refunds pledge `id` once.
pub fn refund_key(pledge_id: i64) -> String {
    format!("pledge-{pledge_id}-refund")
}

/// Refunds every pledge of the caller's project `id`, voiding the contract.
pub async fn refund_all(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<()> {
    let found = ownership::owned(&ctx.db, user, id).await?;
    if !policy::may_refund(found.funding_state, true) || !policy::is_public(found.status) {
        return Err(AppError::bad_request(
            "nothing_to_refund",
            NOTHING_TO_REFUND,
        ));
    }
    let tx = kernel::db::begin_write(&ctx.db).await?;
    let voided = project::Entity::update_many()
        .col_expr(project::Column::Status, Expr::value(ProjectStatus::Closed))
        .col_expr(
            project::Column::UpdatedAt,
            Expr::value(kernel::clock::now()),
        )
        .filter(project::Column::Id.eq(id))
        .filter(project::Column::FundingState.eq(found.funding_state))
        .exec(&tx)
        .await?;
    if voided.rows_affected == 0 {
        return Err(AppError::bad_request(
            "nothing_to_refund",
            NOTHING_TO_REFUND,
        ));
    }
    let mut backers = pledging::release_all(&tx, id, FundingState::Refunded).await?;
    super::escrow::cancel_open(&tx, id).await?;
    backers.extend(charged_backers(&tx, id).await?);
    tx.commit().await?;
    refund_charged(ctx, id).await?;
    ctx.events
        .publish(ProjectRefunded {
            project: browse::ProjectRef::of(&found),
            backers,
        })
        .await;
    Ok(())
}

/// The key that takes back the payout made under `payout_key` once (the whole payout's,
/// `project-{id}-payout-reversal`, or a tranche's).
pub fn reversal_key(payout_key: &str) -> String {
    format!("{payout_key}-reversal")
}

/// The key that gives project `id`'s platform fee back once.
fn fee_return_key(project_id: i64) -> String {
    format!("project-{project_id}-fee-return")
}

/// Before any donor of project `id` is refunded: each payout is taken back from the owner's
/// account (a reversal at the processor: the whole payout, or each milestone's tranche) and
/// the platform's fee given back, each once with its ledger entry, so every cent refunded
/// comes back from where it went.
pub(crate) async fn take_back(ctx: &AppContext, id: i64) -> AppResult<()> {
    let entries = ledger::entries(&ctx.db, id).await?;
    let totals = Totals::of(&entries);
    let reversed: std::collections::HashSet<&str> = entries
        .iter()
        .filter(|e| e.kind == LedgerKind::PayoutReversed)
        .filter_map(|e| e.idempotency_key.as_deref())
        .collect();
    for payout in entries.iter().filter(|e| e.kind == LedgerKind::Payout) {
        let (Some(made), Some(payout_key)) = (&payout.provider_ref, &payout.idempotency_key) else {
            continue;
        };
        let key = reversal_key(payout_key);
        if reversed.contains(key.as_str()) {
            continue;
        }
        let reversal = ctx
            .payments
            .reverse_payout(made, &key)
            .await
            .map_err(pledging::processor_error)?;
        Entry {
            project_id: id,
            pledge_id: None,
            kind: LedgerKind::PayoutReversed,
            amount_cents: -payout.amount_cents,
            provider_ref: Some(reversal),
            idempotency_key: Some(key),
        }
        .write_once(&ctx.db)
        .await?;
    }
    if totals.fees_cents > 0 {
        Entry {
            project_id: id,
            pledge_id: None,
            kind: LedgerKind::FeeReturned,
            amount_cents: -totals.fees_cents,
            provider_ref: None,
            idempotency_key: Some(fee_return_key(id)),
        }
        .write_once(&ctx.db)
        .await?;
    }
    Ok(())
}

/// The donors of project `id`'s charged pledges (not refunded): the ones a payout is made
/// for, or, read as a refund or release is decided, the ones it pays back, whichever run
/// then records each refund (so each donor hears once, from whoever decided).
pub(crate) async fn charged_backers(
    db: &impl sea_orm::ConnectionTrait,
    id: i64,
) -> AppResult<Vec<i64>> {
    pledging::backers_with(db, id, &[PledgeStatus::Charged]).await
}

/// Refunds project `id`'s charged pledges at the processor, each once, after taking back
/// what was paid out and kept. Safe beside another call for the same project (the keys and
/// the conditional update record each refund once), and done when it returns.
pub(crate) async fn refund_charged(ctx: &AppContext, id: i64) -> AppResult<()> {
    take_back(ctx, id).await?;
    let charged = pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.eq(PledgeStatus::Charged))
        .all(&ctx.db)
        .await?;
    for each in charged {
        let Some(charge_id) = each.charge_id.as_deref() else {
            continue;
        };
        let key = refund_key(each.id);
        let refund = ctx
            .payments
            .refund(charge_id, None, &key)
            .await
            .map_err(pledging::processor_error)?;
        record(ctx, id, &each, each.amount_cents, Some(refund.id), key).await?;
    }
    Ok(())
}

/// Records that the processor refunded `amount_cents` of charged pledge `each` of project
/// `id` (the owner's refund, one made at the processor and reported by its webhook, or the
/// pledge's share of an abandoned project's escrow): once, whoever records it first, and the
/// pledge leaves the funding. True when this call did.
pub async fn record(
    ctx: &AppContext,
    id: i64,
    each: &pledge::Model,
    amount_cents: i64,
    refund_id: Option<String>,
    key: String,
) -> AppResult<bool> {
    let tx = kernel::db::begin_write(&ctx.db).await?;
    let recorded = pledge::Entity::update_many()
        .col_expr(pledge::Column::Status, Expr::value(PledgeStatus::Refunded))
        .col_expr(pledge::Column::UpdatedAt, Expr::value(kernel::clock::now()))
        .filter(pledge::Column::Id.eq(each.id))
        .filter(pledge::Column::Status.eq(PledgeStatus::Charged))
        .exec(&tx)
        .await?;
    if recorded.rows_affected == 0 {
        return Ok(false);
    }
    Entry::pledge(id, each.id, LedgerKind::Refunded, -amount_cents)
        .moved(refund_id, key)
        .write(&tx)
        .await?;
    pledging::let_go(&tx, id, each).await?;
    tx.commit().await?;
    Ok(true)
}

/// Finishes the refunds a run left undone (after a restart or a processor outage): refunded
/// or released projects with a charged pledge left, or with a payout or fee not yet taken
/// back.
pub async fn resume(ctx: &AppContext) -> AppResult<()> {
    use sea_orm::sea_query::{Func, Query};
    let charged = Query::select()
        .column(pledge::Column::ProjectId)
        .from(pledge::Entity)
        .and_where(Expr::col(pledge::Column::Status).eq(PledgeStatus::Charged))
        .to_owned();
    let kept = Query::select()
        .column(ledger_entry::Column::ProjectId)
        .from(ledger_entry::Entity)
        .and_where(ledger_entry::Column::Kind.is_in([
            LedgerKind::Payout,
            LedgerKind::PayoutReversed,
            LedgerKind::Fee,
            LedgerKind::FeeReturned,
        ]))
        .group_by_col(ledger_entry::Column::ProjectId)
        .and_having(Expr::expr(Func::sum(Expr::col(ledger_entry::Column::AmountCents))).ne(0))
        .to_owned();
    let refunding: Vec<i64> = project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        // Refunded by the owner, or released after lapses left the goal unmet.
        .filter(
            project::Column::FundingState.is_in([FundingState::Refunded, FundingState::Released]),
        )
        .filter(
            sea_orm::Condition::any()
                .add(project::Column::Id.in_subquery(charged))
                .add(project::Column::Id.in_subquery(kept)),
        )
        .into_tuple()
        .all(&ctx.db)
        .await?;
    for id in refunding {
        refund_charged(ctx, id).await?;
    }
    Ok(())
}
