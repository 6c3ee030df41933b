//! Paying a verified milestone's tranche: a transfer to the owner's payout account under the
//! tranche's key (so a run cut short and resumed by the sweep is answered with the same
//! transfer), recorded once — the milestone names the transfer by a conditional update and the
//! ledger's entry moves the tranche from escrow to the owner's account in the same
//! transaction. The last tranche paid disburses the project.

use kernel::payments::PayoutRequest;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

use super::tranche_key;
use crate::entity::{milestone, project};
use crate::enums::{FundingState, LedgerKind, MilestoneState};
use crate::events::MilestoneMoved;
use crate::service::ledger::{CURRENCY, Entry};
use crate::service::{browse, charging, payout_accounts, pledging, refunds, results};

/// What a tranche of nothing is paid with: no transfer is made.
const NOTHING_MOVED: &str = "none";

/// Pays verified milestone `verified`'s tranche out, once.
pub async fn tranche(ctx: &AppContext, verified: &milestone::Model) -> AppResult<()> {
    let id = verified.project_id;
    let found = project::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let key = tranche_key(id, verified.position);
    let transfer = if verified.tranche_cents > 0 {
        let account = payout_accounts::status(ctx, found.owner_id).await?;
        let Some(account_id) = account.account_id.filter(|_| account.verified) else {
            return Err(AppError::bad_request(
                "no_payout_account",
                payout_accounts::NO_PAYOUT_ACCOUNT,
            ));
        };
        ctx.payments
            .pay_out(&PayoutRequest {
                account_id: &account_id,
                amount_cents: verified.tranche_cents,
                currency: CURRENCY,
                idempotency_key: &key,
            })
            .await
            .map_err(pledging::processor_error)?
    } else {
        NOTHING_MOVED.to_owned()
    };
    let tx = kernel::db::begin_write(&ctx.db).await?;
    let named = milestone::Entity::update_many()
        .col_expr(milestone::Column::PayoutRef, Expr::value(transfer.clone()))
        .col_expr(
            milestone::Column::UpdatedAt,
            Expr::value(kernel::clock::now()),
        )
        .filter(milestone::Column::Id.eq(verified.id))
        .filter(milestone::Column::State.eq(MilestoneState::Verified))
        .filter(milestone::Column::PayoutRef.is_null())
        .exec(&tx)
        .await?;
    if named.rows_affected == 0 {
        return Ok(()); // Another run recorded this transfer first.
    }
    if verified.tranche_cents > 0 {
        Entry {
            project_id: id,
            pledge_id: None,
            kind: LedgerKind::Payout,
            amount_cents: verified.tranche_cents,
            provider_ref: Some(transfer),
            idempotency_key: Some(key),
        }
        .write(&tx)
        .await?;
    }
    let unpaid = milestone::Entity::find()
        .filter(milestone::Column::ProjectId.eq(id))
        .filter(milestone::Column::PayoutRef.is_null())
        .count(&tx)
        .await?;
    if unpaid == 0 {
        results::make_due(ctx, &tx, id, kernel::clock::now()).await?;
        charging::move_funding(&tx, id, FundingState::InEscrow, FundingState::Disbursed).await?;
    }
    tx.commit().await?;
    let now_is = project::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .map(|p| p.funding_state);
    if now_is == Some(FundingState::Refunded) {
        // The owner refunded while the transfer was on its way: it is taken back before the
        // donors are refunded, as every payout is.
        return refunds::take_back(ctx, id).await;
    }
    ctx.events
        .publish(MilestoneMoved {
            project: browse::ProjectRef::of(&found),
            backers: refunds::charged_backers(&ctx.db, id).await?,
            position: verified.position,
            title: verified.title.clone(),
            state: MilestoneState::Verified,
            cents: verified.tranche_cents,
            reason: None,
        })
        .await;
    Ok(())
}
