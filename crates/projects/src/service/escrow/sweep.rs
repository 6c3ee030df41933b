//! The escrow's sweep: what a run cut short, a processor that was away or a deadline that
//! passed left undone is finished here, every round of the deadline sweep.

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

use super::{abandon, missed_after, of_project, pay};
use crate::entity::project;
use crate::enums::{FundingState, MilestoneState};

/// Keeps every escrow moving (the sweep, after a restart or a processor outage): tranches
/// verified but not yet paid are paid, milestones past their deadline and grace end their
/// project, and abandoned projects' refunds are finished. How many projects it looked at.
pub async fn sweep(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<usize> {
    let held: Vec<i64> = project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        .filter(
            project::Column::FundingState.is_in([FundingState::InEscrow, FundingState::Abandoned]),
        )
        .into_tuple()
        .all(&ctx.db)
        .await?;
    for id in &held {
        if let Err(err) = keep_moving(ctx, *id, now).await {
            tracing::warn!(error = %err, project = id, "the escrow did not finish this round");
        }
    }
    Ok(held.len())
}

async fn keep_moving(ctx: &AppContext, id: i64, now: DateTime<Utc>) -> AppResult<()> {
    for each in of_project(&ctx.db, id).await? {
        if each.state == MilestoneState::Verified && each.payout_ref.is_none() {
            pay::tranche(ctx, &each).await?;
        } else if MilestoneState::OPEN.contains(&each.state)
            && missed_after(ctx, each.due_at) <= now
        {
            abandon::missed(ctx, &each).await?;
        }
    }
    abandon::refund_rest(ctx, id).await
}
