//! The conditional writes a milestone moves by: each matches the milestone only in the state
//! it was read in, while its project's funds are still in escrow (and, for the owner's
//! changes, before the milestone is missed), so two moves at once make one.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, UpdateMany};

use super::one;
use crate::entity::milestone;
use crate::entity::project;
use crate::enums::{FundingState, MilestoneState};
use crate::policy;
use crate::service::ownership;

pub const NOT_OPEN: &str = "This milestone is not waiting for a report.";
pub const NOT_REPORTED: &str = "This milestone is not waiting for verification.";
pub const NOT_IN_ESCROW: &str = "This project's funds are not held in escrow.";

/// The milestone moved on since it was read.
pub fn changed(message: &'static str) -> AppError {
    AppError::conflict("milestone_changed", message)
}

/// A write that moves milestone `found` on, matching it only as it was read and only while
/// its project's funds are still in escrow.
pub fn moving(found: &milestone::Model, to: MilestoneState) -> UpdateMany<milestone::Entity> {
    let in_escrow = Query::select()
        .column(project::Column::Id)
        .from(project::Entity)
        .and_where(project::Column::Id.eq(found.project_id))
        .and_where(project::Column::FundingState.eq(FundingState::InEscrow))
        .to_owned();
    milestone::Entity::update_many()
        .col_expr(milestone::Column::State, Expr::value(to))
        .col_expr(
            milestone::Column::UpdatedAt,
            Expr::value(kernel::clock::now()),
        )
        .filter(milestone::Column::Id.eq(found.id))
        .filter(milestone::Column::State.eq(found.state))
        .filter(milestone::Column::Returns.eq(found.returns))
        .filter(milestone::Column::ProjectId.in_subquery(in_escrow))
}

pub async fn ran(
    db: &impl ConnectionTrait,
    write: UpdateMany<milestone::Entity>,
) -> AppResult<bool> {
    Ok(write.exec(db).await?.rows_affected == 1)
}

/// `write` matching its milestone only while the owner may still report it: its deadline
/// and grace period have not passed, though the sweep may not have come by yet.
pub fn before_missed(
    ctx: &AppContext,
    write: UpdateMany<milestone::Entity>,
) -> UpdateMany<milestone::Entity> {
    let now = kernel::clock::now();
    write.filter(milestone::Column::DueAt.gt(super::missed_if_due_by(ctx, now)))
}

/// Milestone `position` of the caller's project `id`, while they may report it (or change
/// its files), with the project.
pub async fn open_for_report(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    position: i32,
) -> AppResult<(project::Model, milestone::Model)> {
    let found = ownership::owned(&ctx.db, user, id).await?;
    if found.funding_state != FundingState::InEscrow {
        return Err(AppError::bad_request("not_in_escrow", NOT_IN_ESCROW));
    }
    let due = one(&ctx.db, id, position).await?;
    let missed = super::is_missed(ctx, due.due_at, kernel::clock::now());
    if !policy::may_report_milestone(found.funding_state, due.state, missed) {
        return Err(changed(NOT_OPEN));
    }
    Ok((found, due))
}
