//! Milestone escrow (issue 50, item 2): a funded project whose budget lists milestones is not
//! paid out at once. Its charged funds, less the platform's fee, wait in escrow, split into
//! one tranche per milestone in proportion to the milestone's amount (to the cent, by largest
//! remainder). The owner reports each milestone done with evidence; a Content Expert verifies
//! it (its tranche is paid out through the payment port, keyed `project-{id}-tranche-{n}`)
//! or sends it back with a reason. A milestone not reported by its deadline plus the grace
//! period, or sent back twice, ends the project: what is left in escrow goes back to the
//! donors pro rata, to the cent. Every state change is a conditional update on the state it
//! was read in; every movement is a balanced ledger entry written once under its key.

pub mod abandon;
pub mod decide;
pub mod evidence;
pub mod guard;
pub mod open;
pub mod pay;
pub mod sweep;

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
};

use crate::entity::milestone;
use crate::enums::MilestoneState;

/// The key that pays milestone `position`'s tranche of project `id` once.
pub fn tranche_key(project_id: i64, position: i32) -> String {
    format!("project-{project_id}-tranche-{position}")
}

/// The key that refunds pledge `id`'s share of an abandoned project's escrow once.
pub fn share_key(pledge_id: i64) -> String {
    format!("pledge-{pledge_id}-escrow-refund")
}

/// `total` cents split in proportion to `weights`, to the cent: each part rounded down, then
/// the cents left over given one each to the largest remainders (the earlier part first on
/// a tie), so the parts always sum to `total` exactly. All zero when the weights are.
pub fn shares(total: i64, weights: &[i64]) -> Vec<i64> {
    let sum: i128 = weights.iter().map(|w| i128::from((*w).max(0))).sum();
    if sum == 0 || total <= 0 {
        return vec![0; weights.len()];
    }
    let exact: Vec<(i64, i128)> = weights
        .iter()
        .map(|w| {
            let product = i128::from(total) * i128::from((*w).max(0));
            ((product / sum) as i64, product % sum)
        })
        .collect();
    let mut parts: Vec<i64> = exact.iter().map(|(part, _)| *part).collect();
    let left = total - parts.iter().sum::<i64>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|a, b| exact[*b].1.cmp(&exact[*a].1).then(a.cmp(b)));
    for i in order.into_iter().take(left as usize) {
        parts[i] += 1;
    }
    parts
}

/// Project `id`'s milestones in escrow, in order (none before its escrow opened).
pub async fn of_project(db: &impl ConnectionTrait, id: i64) -> AppResult<Vec<milestone::Model>> {
    Ok(milestone::Entity::find()
        .filter(milestone::Column::ProjectId.eq(id))
        .order_by_asc(milestone::Column::Position)
        .all(db)
        .await?)
}

/// Milestone `position` of project `id`.
pub async fn one(db: &impl ConnectionTrait, id: i64, position: i32) -> AppResult<milestone::Model> {
    milestone::Entity::find()
        .filter(milestone::Column::ProjectId.eq(id))
        .filter(milestone::Column::Position.eq(position))
        .one(db)
        .await?
        .ok_or_else(kernel::AppError::not_found)
}

/// When a milestone due at `due_at` is missed: its deadline plus the grace period.
pub fn missed_after(ctx: &AppContext, due_at: DateTime<Utc>) -> DateTime<Utc> {
    due_at + chrono::Duration::days(i64::from(ctx.config.milestone_grace_days))
}

/// The latest deadline missed at `now`: an open milestone due by it is missed (its grace
/// period passed too).
pub fn missed_if_due_by(ctx: &AppContext, now: DateTime<Utc>) -> DateTime<Utc> {
    now - chrono::Duration::days(i64::from(ctx.config.milestone_grace_days))
}

/// Whether an open milestone due at `due_at` is missed at `now`.
pub fn is_missed(ctx: &AppContext, due_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    due_at <= missed_if_due_by(ctx, now)
}

/// Cancels project `id`'s milestones still to be reported or verified (the project ended:
/// abandoned, or refunded by its owner).
pub async fn cancel_open(tx: &DatabaseTransaction, id: i64) -> AppResult<()> {
    milestone::Entity::update_many()
        .col_expr(
            milestone::Column::State,
            Expr::value(MilestoneState::Cancelled),
        )
        .col_expr(
            milestone::Column::UpdatedAt,
            Expr::value(kernel::clock::now()),
        )
        .filter(milestone::Column::ProjectId.eq(id))
        .filter(milestone::Column::State.is_in([
            MilestoneState::Pending,
            MilestoneState::Returned,
            MilestoneState::Reported,
        ]))
        .exec(tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_sum_to_the_total_to_the_cent() {
        assert_eq!(shares(100, &[1, 1, 1]), [34, 33, 33]);
        assert_eq!(shares(1_000, &[3_000, 2_000]), [600, 400]);
        assert_eq!(shares(1, &[5, 5]), [1, 0], "a tie goes to the earlier part");
        assert_eq!(shares(10, &[0, 0]), [0, 0]);
        assert_eq!(shares(0, &[4, 6]), [0, 0]);
        // The largest remainder, not the earliest, takes the leftover cent.
        assert_eq!(shares(10, &[1, 2]), [3, 7]);
        for (total, weights) in [
            (9_101, vec![2_500, 2_500, 5_001]),
            (12_345, vec![7, 13, 29, 1]),
            (i64::from(u32::MAX), vec![i64::from(u32::MAX), 3, 1]),
        ] {
            let parts = shares(total, &weights);
            assert_eq!(parts.iter().sum::<i64>(), total, "{weights:?}");
            assert!(parts.iter().all(|p| *p >= 0));
        }
    }
}
