//! Ending a project whose milestone was missed (not reported by its deadline plus the grace
//! period) or sent back twice: in one transaction the milestone is marked, the project moves
//! from in escrow to abandoned (and closes), and its other open milestones are cancelled.
//! Then what is left in escrow goes back to the donors of its charged pledges, pro rata to
//! what each gave, to the cent: each share a partial refund at the processor under the
//! pledge's key, recorded once by the pledge's conditional update with its ledger entry.

use kernel::{AppContext, AppError, AppResult};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder};

use super::{cancel_open, share_key, shares};
use crate::entity::{milestone, pledge, project};
use crate::enums::{FundingState, LedgerKind, MilestoneState, PledgeStatus, ProjectStatus};
use crate::events::MilestoneMoved;
use crate::service::{browse, ledger, pledging, refunds};

/// Why a missed milestone ended its project.
pub const MISSED: &str = "It was not reported by its deadline and grace period.";

/// Ends project `id` in `tx`: in escrow → abandoned, closed, its open milestones cancelled.
/// False when it was no longer in escrow (another decision ended it first).
pub(super) async fn end(tx: &DatabaseTransaction, id: i64) -> AppResult<bool> {
    let now = kernel::clock::now();
    let ended = project::Entity::update_many()
        .col_expr(
            project::Column::FundingState,
            Expr::value(FundingState::Abandoned),
        )
        .col_expr(project::Column::Status, Expr::value(ProjectStatus::Closed))
        // Off the live list, no days left, as any campaign that ended.
        .col_expr(project::Column::ClosesAt, Expr::value(now))
        .col_expr(project::Column::UpdatedAt, Expr::value(now))
        .filter(project::Column::Id.eq(id))
        .filter(project::Column::FundingState.eq(FundingState::InEscrow))
        .exec(tx)
        .await?;
    if ended.rows_affected == 0 {
        return Ok(false);
    }
    cancel_open(tx, id).await?;
    Ok(true)
}

/// Milestone `late` was not reported in time: it is missed and its project ends, once.
pub async fn missed(ctx: &AppContext, late: &milestone::Model) -> AppResult<()> {
    let tx = kernel::db::begin_write(&ctx.db).await?;
    let marked = milestone::Entity::update_many()
        .col_expr(
            milestone::Column::State,
            Expr::value(MilestoneState::Missed),
        )
        .col_expr(milestone::Column::Reason, Expr::value(MISSED))
        .col_expr(
            milestone::Column::UpdatedAt,
            Expr::value(kernel::clock::now()),
        )
        .filter(milestone::Column::Id.eq(late.id))
        .filter(milestone::Column::State.is_in(MilestoneState::OPEN))
        .exec(&tx)
        .await?;
    if marked.rows_affected == 0 || !end(&tx, late.project_id).await? {
        return Ok(());
    }
    tx.commit().await?;
    ended(ctx, late, MilestoneState::Missed, MISSED.to_owned()).await
}

/// After project `late.project_id` ended on milestone `late`: the rest of its escrow goes back
/// to its donors, and they and the owner hear of it.
pub(super) async fn ended(
    ctx: &AppContext,
    late: &milestone::Model,
    state: MilestoneState,
    reason: String,
) -> AppResult<()> {
    let id = late.project_id;
    let backers = refunds::charged_backers(&ctx.db, id).await?;
    let rest = rest_of(ctx, id).await?.0;
    if let Err(err) = refund_rest(ctx, id).await {
        tracing::warn!(error = %err, project = id, "escrow refunds stopped; the sweep resumes them");
    }
    let found = project::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    ctx.events
        .publish(MilestoneMoved {
            project: browse::ProjectRef::of(&found),
            backers,
            position: late.position,
            title: late.title.clone(),
            state,
            cents: rest,
            reason: Some(reason),
        })
        .await;
    Ok(())
}

/// What was left in project `id`'s escrow when it ended (what is left now plus the shares
/// already refunded), and the pledges it goes back to, in order: the charged ones and those
/// whose share was refunded already.
async fn rest_of(ctx: &AppContext, id: i64) -> AppResult<(i64, Vec<pledge::Model>)> {
    let entries = ledger::entries(&ctx.db, id).await?;
    let totals = ledger::Totals::of(&entries);
    let shared: Vec<i64> = entries
        .iter()
        .filter(|e| e.kind == LedgerKind::Refunded)
        .filter(|e| {
            e.pledge_id
                .is_some_and(|p| e.idempotency_key.as_deref() == Some(share_key(p).as_str()))
        })
        .filter_map(|e| e.pledge_id)
        .collect();
    let refunded: i64 = entries
        .iter()
        .filter(|e| e.pledge_id.is_some_and(|p| shared.contains(&p)))
        .filter(|e| e.kind == LedgerKind::Refunded)
        .map(|e| -e.amount_cents)
        .sum();
    let held = totals.collected_cents - totals.fees_cents - totals.paid_out_cents;
    let pledges = pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(
            sea_orm::Condition::any()
                .add(pledge::Column::Status.eq(PledgeStatus::Charged))
                .add(pledge::Column::Id.is_in(shared)),
        )
        .order_by_asc(pledge::Column::Id)
        .all(&ctx.db)
        .await?;
    Ok((held + refunded, pledges))
}

/// Refunds each charged pledge of abandoned project `id` its share of what was left in
/// escrow, once; safe beside another run for the same project, and resumed by the sweep.
pub async fn refund_rest(ctx: &AppContext, id: i64) -> AppResult<()> {
    let abandoned = Query::select()
        .column(project::Column::Id)
        .from(project::Entity)
        .and_where(project::Column::Id.eq(id))
        .and_where(project::Column::FundingState.eq(FundingState::Abandoned))
        .to_owned();
    let still = project::Entity::find()
        .filter(project::Column::Id.in_subquery(abandoned))
        .one(&ctx.db)
        .await?;
    if still.is_none() {
        return Ok(());
    }
    let (rest, pledges) = rest_of(ctx, id).await?;
    let weights: Vec<i64> = pledges.iter().map(|p| p.amount_cents).collect();
    for (each, share) in pledges.iter().zip(shares(rest, &weights)) {
        if each.status != PledgeStatus::Charged {
            continue;
        }
        let key = share_key(each.id);
        let refund_id = match (share, each.charge_id.as_deref()) {
            (1.., Some(charge_id)) => Some(
                ctx.payments
                    .refund(charge_id, Some(share), &key)
                    .await
                    .map_err(pledging::processor_error)?
                    .id,
            ),
            _ => None,
        };
        refunds::record(ctx, id, each, share, refund_id, key).await?;
    }
    Ok(())
}
