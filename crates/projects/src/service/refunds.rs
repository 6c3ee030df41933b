//! The owner refunds every pledge, at any time (spec 2 §5): the contract is void. In one
//! transaction the project closes, its funding becomes `refunded` and every pledge not yet
//! charged is let go; then each charged pledge is refunded at the processor with a key
//! derived from the pledge (`pledge-{id}-refund`), and recorded once by a conditional
//! update, so a refund run cut short is resumed by the sweep without refunding twice.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, TransactionTrait};

use super::ledger::Entry;
use super::{browse, drafts, pledging};
use crate::entity::{pledge, project};
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
    let found = drafts::owned(&ctx.db, user, id).await?;
    if !policy::may_refund(found.funding_state, true) || !policy::is_public(found.status) {
        return Err(AppError::bad_request(
            "nothing_to_refund",
            NOTHING_TO_REFUND,
        ));
    }
    let tx = ctx.db.begin().await?;
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
    tx.commit().await?;
    backers.extend(refund_charged(ctx, id).await?);
    ctx.events
        .publish(ProjectRefunded {
            project: browse::ProjectRef::of(&found),
            backers,
        })
        .await;
    Ok(())
}

/// Refunds project `id`'s charged pledges at the processor, each once; their backers.
pub(crate) async fn refund_charged(ctx: &AppContext, id: i64) -> AppResult<Vec<i64>> {
    let charged = pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.eq(PledgeStatus::Charged))
        .all(&ctx.db)
        .await?;
    let mut backers = Vec::with_capacity(charged.len());
    for each in charged {
        let Some(charge_id) = each.charge_id.as_deref() else {
            continue;
        };
        let key = refund_key(each.id);
        let refund = ctx
            .payments
            .refund(charge_id, &key)
            .await
            .map_err(pledging::processor_error)?;
        if record(ctx, id, &each, refund.id, key).await? {
            backers.push(each.backer_id);
        }
    }
    Ok(backers)
}

/// Records that the processor refunded charged pledge `each` of project `id` (the owner's
/// refund, or one made at the processor and reported by its webhook): once, whoever records
/// it first. True when this call did.
pub async fn record(
    ctx: &AppContext,
    id: i64,
    each: &pledge::Model,
    refund_id: String,
    key: String,
) -> AppResult<bool> {
    let tx = ctx.db.begin().await?;
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
    Entry::pledge(id, each.id, LedgerKind::Refunded, -each.amount_cents)
        .moved(Some(refund_id), key)
        .write(&tx)
        .await?;
    pledging::let_go(&tx, id, each).await?;
    tx.commit().await?;
    Ok(true)
}

/// Finishes the refunds a run left undone (after a restart or a processor outage).
pub async fn resume(ctx: &AppContext) -> AppResult<()> {
    let refunding: Vec<i64> = project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        .filter(project::Column::FundingState.eq(FundingState::Refunded))
        .filter(
            project::Column::Id.in_subquery(
                sea_orm::sea_query::Query::select()
                    .column(pledge::Column::ProjectId)
                    .from(pledge::Entity)
                    .and_where(Expr::col(pledge::Column::Status).eq(PledgeStatus::Charged))
                    .to_owned(),
            ),
        )
        .into_tuple()
        .all(&ctx.db)
        .await?;
    for id in refunding {
        refund_charged(ctx, id).await?;
    }
    Ok(())
}
