//! The escrow's sweep: what a run cut short, a processor that was away or a deadline that
//! passed left undone is finished here, every round of the deadline sweep, in a fixed number
//! of reads whatever the number of projects in escrow (then one run per thing to do).

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::{abandon, pay};
use crate::entity::{milestone, pledge, project};
use crate::enums::{FundingState, MilestoneState, PledgeStatus};

/// Keeps every escrow moving (after a restart or a processor outage): tranches verified but
/// not yet paid are paid, milestones past their deadline and grace end their project, and
/// abandoned projects' refunds are finished. How many things it found to do.
pub async fn sweep(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<usize> {
    let in_escrow = Query::select()
        .column(project::Column::Id)
        .from(project::Entity)
        .and_where(project::Column::FundingState.eq(FundingState::InEscrow))
        .to_owned();
    let due = milestone::Entity::find()
        .filter(milestone::Column::ProjectId.in_subquery(in_escrow))
        .filter(
            Condition::any()
                .add(
                    Condition::all()
                        .add(milestone::Column::State.eq(MilestoneState::Verified))
                        .add(milestone::Column::PayoutRef.is_null()),
                )
                .add(
                    Condition::all()
                        .add(milestone::Column::State.is_in(MilestoneState::OPEN))
                        .add(milestone::Column::DueAt.lte(super::missed_if_due_by(ctx, now))),
                ),
        )
        .order_by_asc(milestone::Column::Id)
        .all(&ctx.db)
        .await?;
    for each in &due {
        let done = if each.state == MilestoneState::Verified {
            pay::tranche(ctx, each).await
        } else {
            abandon::missed(ctx, each).await
        };
        if let Err(err) = done {
            tracing::warn!(error = %err, project = each.project_id, "the escrow did not finish this round");
        }
    }
    let charged = Query::select()
        .column(pledge::Column::ProjectId)
        .from(pledge::Entity)
        .and_where(pledge::Column::Status.eq(PledgeStatus::Charged))
        .to_owned();
    let refunding: Vec<i64> = project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        .filter(project::Column::FundingState.eq(FundingState::Abandoned))
        .filter(project::Column::Id.in_subquery(charged))
        .into_tuple()
        .all(&ctx.db)
        .await?;
    for id in &refunding {
        if let Err(err) = abandon::refund_rest(ctx, *id).await {
            tracing::warn!(error = %err, project = id, "escrow refunds did not finish this round");
        }
    }
    Ok(due.len() + refunding.len())
}
