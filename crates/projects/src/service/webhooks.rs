//! The processor's webhooks reconcile its view with Cohort's: each event is verified (its
//! signature and age), handled once by its id (a second delivery changes nothing), and a
//! charge refunded at the processor itself (from its dashboard, or a dispute lost) is
//! recorded on its pledge and the ledger as the owner's refunds are.

use kernel::payments::WebhookEvent;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use super::refunds;
use crate::entity::{pledge, webhook_event};
use crate::enums::PledgeStatus;

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
    if event.kind == "charge.refunded" {
        refunded_at_processor(ctx, &event).await?;
    }
    Ok(Delivery::Handled)
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
        refunds::record(ctx, each.project_id, &each, event.id.clone(), key).await?;
    }
    Ok(())
}
