//! Campaign deadlines: a live project closes when its campaign's days are over (the same
//! sweep resumes charging, payouts and refunds cut short). Each
//! project is closed by a conditional update (still live, past its end), so with any number
//! of instances sweeping at once each project closes, and its owner hears of it, once. A
//! campaign that ended short of its goal lets every pledge go uncharged in the same
//! transaction (all or nothing), and its backers hear of it.

use std::time::Duration;

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::{browse, pledging};
use crate::entity::project;
use crate::enums::{FundingState, ProjectStatus};
use crate::events::{Outcome, ProjectReleased, ProjectReviewed, ReleaseCause};

/// How often the sweep runs: a campaign ends at most this late.
const ROUND: Duration = Duration::from_secs(60);
/// How many ended campaigns one round closes (the rest wait for the next round).
const BATCH: u64 = 100;

/// Closes the live projects whose campaign ended by `now`; how many it closed.
pub async fn close_ended(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<usize> {
    let ended = project::Entity::find()
        .filter(project::Column::Status.eq(ProjectStatus::Live))
        .filter(project::Column::ClosesAt.lte(now))
        .order_by_asc(project::Column::ClosesAt)
        .limit(BATCH)
        .all(&ctx.db)
        .await?;
    let mut closed = 0;
    for found in ended {
        let tx = kernel::db::begin_write(&ctx.db).await?;
        let done = project::Entity::update_many()
            .col_expr(project::Column::Status, Expr::value(ProjectStatus::Closed))
            .col_expr(project::Column::UpdatedAt, Expr::value(now))
            .filter(project::Column::Id.eq(found.id))
            .filter(project::Column::Status.eq(ProjectStatus::Live))
            // As read: a pledge that reached the goal meanwhile decides again next round.
            .filter(project::Column::FundingState.eq(found.funding_state))
            .exec(&tx)
            .await?;
        if done.rows_affected == 0 {
            continue; // Another instance, staff or a pledge got there first.
        }
        let released = if found.funding_state == FundingState::Open {
            Some(pledging::release_all(&tx, found.id, FundingState::Released).await?)
        } else {
            None
        };
        tx.commit().await?;
        closed += 1;
        if let Some(backers) = released {
            ctx.events
                .publish(ProjectReleased {
                    project: browse::ProjectRef::of(&found),
                    backers,
                    cause: ReleaseCause::Ended,
                })
                .await;
        }
        ctx.events
            .publish(ProjectReviewed {
                project: browse::ProjectRef::of(&found),
                outcome: Outcome::CampaignEnded,
                reason: None,
                summary: found.lay_summary.clone(),
            })
            .await;
    }
    Ok(closed)
}

/// The sweep: closes ended campaigns every round until the process ends.
pub async fn run(ctx: AppContext) {
    let mut ticker = tokio::time::interval(ROUND);
    loop {
        ticker.tick().await;
        let now = kernel::clock::now();
        let swept = close_ended(&ctx, now).await;
        if let Err(err) = &swept {
            tracing::error!(error = %err, "the campaign deadline sweep failed");
        }
        kernel::metrics::record_job("campaign_deadlines", swept.is_ok());
        // Money still moving (charges, payouts, refunds) resumes here after a restart.
        let resumed = super::charging::resume(&ctx, now).await;
        if let Err(err) = &resumed {
            tracing::error!(error = %err, "resuming charges and refunds failed");
        }
        kernel::metrics::record_job("money_in_motion", resumed.is_ok());
        let reminded = super::results::remind(&ctx, now).await;
        if let Err(err) = &reminded {
            tracing::error!(error = %err, "reminding owners of results due failed");
        }
        kernel::metrics::record_job("results_due", reminded.is_ok());
    }
}
