//! Opening a funded project's escrow: instead of the one payout, the funds (less the fee)
//! stay in escrow and each milestone of the budget gets its tranche and deadline, in the
//! transaction that moves the project from funded to in escrow (once, whichever run gets
//! there first).

use kernel::{AppContext, AppResult};
use sea_orm::{EntityTrait, Set};

use super::shares;
use crate::entity::{milestone, project};
use crate::enums::{FundingState, MilestoneState};
use crate::events::ProjectFunded;
use crate::service::{browse, charging, ledger, refunds};

/// Whether funded project `found` keeps its funds in escrow: its budget lists milestones.
pub fn holds(found: &project::Model) -> bool {
    !found.milestones.0.is_empty()
}

/// Opens funded project `found`'s escrow with its schedule, once.
pub async fn open(ctx: &AppContext, found: &project::Model) -> AppResult<()> {
    let id = found.id;
    let now = kernel::clock::now();
    let every = chrono::Duration::days(i64::from(ctx.config.milestone_interval_days));
    let tx = kernel::db::begin_write(&ctx.db).await?;
    if !charging::move_funding(&tx, id, FundingState::Funded, FundingState::InEscrow).await? {
        return Ok(()); // Another run opened it first.
    }
    // What is held is read with the project's row held by the move, so the split is of the
    // ledger as it stands when the escrow opens (a refund recorded meanwhile waits for it).
    let totals = ledger::totals(&tx, id).await?;
    let held = totals.collected_cents - totals.fees_cents - totals.paid_out_cents;
    let planned: Vec<i64> = found.milestones.0.iter().map(|m| m.amount_cents).collect();
    let tranches = shares(held, &planned);
    let rows =
        found
            .milestones
            .0
            .iter()
            .zip(tranches)
            .zip(1..)
            .map(|((planned, tranche), position)| milestone::ActiveModel {
                project_id: Set(id),
                position: Set(position),
                title: Set(planned.title.clone()),
                description: Set(planned.description.clone()),
                tranche_cents: Set(tranche),
                due_at: Set(now + every * position),
                state: Set(MilestoneState::Pending),
                returns: Set(0),
                updated_at: Set(now),
                ..Default::default()
            });
    milestone::Entity::insert_many(rows).exec(&tx).await?;
    tx.commit().await?;
    let backers = refunds::charged_backers(&ctx.db, id).await?;
    ctx.events
        .publish(ProjectFunded {
            project: browse::ProjectRef::of(found),
            backers,
            collected_cents: totals.collected_cents,
            paid_out_cents: 0,
            in_escrow: true,
        })
        .await;
    Ok(())
}
