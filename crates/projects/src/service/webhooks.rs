//! The processor's webhooks reconcile its view with Cohort's: each event is verified (its
//! signature and age), handled once by its id (a second delivery changes nothing), and a
//! charge refunded at the processor itself (from its dashboard, or a dispute lost) is
//! recorded on its pledge and the ledger as the owner's refunds are; a charge its donor's
//! bank authenticated on-session is recorded as the donor's page would.

use kernel::payments::WebhookEvent;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use super::{charging, refunds};
use crate::entity::{ledger, pledge, webhook_event};
use crate::enums::{LedgerKind, PledgeStatus};

pub const BAD_SIGNATURE: &str = "The webhook signature is not valid.";

/// What became of a delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    Handled,
    /// The same event came before: nothing changed.
    Duplicate,
}

/// Verifies and handles one delivery.
pub async fn receive(ctx: &AppContext, payload: &[u8], signature: &str) -> AppResult<Delivery> {
    let event = ctx
        .payments
        .verify_webhook(payload, signature, kernel::clock::now())
        .map_err(|_| AppError::bad_request("bad_signature", BAD_SIGNATURE))?;
    let seen = webhook_event::ActiveModel {
        event_id: Set(event.id.clone()),
        kind: Set(event.kind.chars().take(64).collect()),
        object_id: Set(event.object_id.clone()),
        received_at: Set(kernel::clock::now()),
    };
    let first = webhook_event::Entity::insert(seen)
        .on_conflict_do_nothing_on([webhook_event::Column::EventId])
        .exec(&ctx.db)
        .await?;
    if matches!(first, sea_orm::TryInsertResult::Conflicted) {
        return Ok(Delivery::Duplicate);
    }
    match event.kind.as_str() {
        "charge.refunded" => refunded_at_processor(ctx, &event).await?,
        "payment_intent.succeeded" => authenticated_at_processor(ctx, &event).await?,
        _ => {}
    }
    Ok(Delivery::Handled)
}

/// A charge its donor's bank authenticated, reported by the processor: recorded even when
/// the donor closed the page before Cohort heard of it (once, whoever records it first).
async fn authenticated_at_processor(ctx: &AppContext, event: &WebhookEvent) -> AppResult<()> {
    let Some(charge_id) = event.object_id.as_deref() else {
        return Ok(());
    };
    let attempt = ledger::Entity::find()
        .filter(ledger::Column::ProviderRef.eq(charge_id))
        .filter(ledger::Column::Kind.eq(LedgerKind::Failed))
        .one(&ctx.db)
        .await?;
    let Some(pledge_id) = attempt.and_then(|e| e.pledge_id) else {
        return Ok(()); // Not a charge that waited for its donor's bank.
    };
    let Some(failed) = pledge::Entity::find_by_id(pledge_id).one(&ctx.db).await? else {
        return Ok(());
    };
    let waiting = charging::awaiting_authentication(&ctx.db, &failed).await?;
    if waiting.as_deref() != Some(charge_id) || !charging::collected(ctx, charge_id).await? {
        return Ok(());
    }
    charging::authenticated(ctx, &failed, charge_id.to_owned(), kernel::clock::now()).await?;
    charging::start(ctx.clone(), failed.project_id);
    Ok(())
}

/// A charge the processor refunded: its pledge is refunded in Cohort's records too.
async fn refunded_at_processor(ctx: &AppContext, event: &WebhookEvent) -> AppResult<()> {
    let ids: Vec<&String> = [&event.object_id, &event.payment_id]
        .into_iter()
        .flatten()
        .collect();
    if ids.is_empty() {
        return Ok(());
    }
    let charged = pledge::Entity::find()
        .filter(pledge::Column::ChargeId.is_in(ids))
        .filter(pledge::Column::Status.eq(PledgeStatus::Charged))
        .all(&ctx.db)
        .await?;
    for each in charged {
        let key = refunds::refund_key(each.id);
        refunds::record(
            ctx,
            each.project_id,
            &each,
            each.amount_cents,
            Some(event.id.clone()),
            key,
        )
        .await?;
    }
    Ok(())
}
