//! Final approval (PrecisionFunding): once a project's pledges reach its goal, a Content
//! Expert approves its funding — then each pledge is charged — or does not, with a reason
//! the owner reads, and every pledge is let go uncharged. Approval needs the owner's payout
//! account verified by the processor. Each decision is audited, and the change of funding
//! state is a conditional update in the decision's transaction, so it happens once.

use actix_web::http::StatusCode;
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::json;

use super::{browse, charging, payout_accounts, pledging};
use crate::entity::{pledge, project};
use crate::enums::{FundingState, ProjectStatus};
use crate::events::{ProjectReleased, ReleaseCause};
use crate::policy;

pub const CONTENT_EXPERTS_ONLY: &str = "Only Content Experts give final approval.";
pub const NOT_AWAITING: &str = "This project is not waiting for final approval.";

/// Why a Content Expert did not approve: required, at most 2,000 characters.
pub type Reason = super::review::RejectionReason;

const PER_PAGE: u64 = 20;

/// 403 unless `staff` is a Content Expert.
pub fn content_expert(staff: &Staff) -> AppResult<()> {
    if policy::may_decide_funding(&staff.0) {
        Ok(())
    } else {
        Err(AppError::client(
            StatusCode::FORBIDDEN,
            "content_experts_only",
            CONTENT_EXPERTS_ONLY,
        ))
    }
}

/// Projects whose pledges reached the goal, the longest waiting first (every staff member
/// sees them; Content Experts decide).
pub async fn queue(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let select = project::Entity::find()
        .filter(project::Column::FundingState.eq(FundingState::GoalReached))
        .order_by_asc(project::Column::GoalReachedAt)
        .order_by_asc(project::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// A public project's funding, for staff.
pub async fn find(ctx: &AppContext, id: i64) -> AppResult<project::Model> {
    project::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .filter(|p| policy::is_public(p.status))
        .ok_or_else(AppError::not_found)
}

/// Moves project `id` from goal reached to `to`, with the decision's who and why; false
/// when it was no longer waiting (another Content Expert decided first).
async fn decide(
    db: &impl ConnectionTrait,
    staff: &Staff,
    id: i64,
    to: FundingState,
    reason: Option<&str>,
) -> AppResult<bool> {
    let now = kernel::clock::now();
    let moved = project::Entity::update_many()
        .col_expr(project::Column::FundingState, Expr::value(to))
        .col_expr(project::Column::FundingDecidedAt, Expr::value(now))
        .col_expr(project::Column::FundingDecidedBy, Expr::value(staff.id()))
        .col_expr(
            project::Column::FundingReason,
            Expr::value(reason.map(str::to_owned)),
        )
        .filter(project::Column::Id.eq(id))
        .filter(project::Column::FundingState.eq(FundingState::GoalReached))
        .exec(db)
        .await?;
    Ok(moved.rows_affected == 1)
}

/// Project `id`'s pledges, oldest first (its funding file).
pub async fn pledges(db: &impl ConnectionTrait, id: i64) -> AppResult<Vec<pledge::Model>> {
    Ok(pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .order_by_asc(pledge::Column::Id)
        .all(db)
        .await?)
}

fn not_awaiting() -> AppError {
    AppError::bad_request("not_awaiting_approval", NOT_AWAITING)
}

/// Approves project `id`'s funding: its pledges are charged (the run starts now, and the
/// sweep resumes it after any restart).
pub async fn approve(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<()> {
    content_expert(staff)?;
    let found = find(ctx, id).await?;
    if !policy::awaits_final_approval(found.funding_state) {
        return Err(not_awaiting());
    }
    if !payout_accounts::status(ctx, found.owner_id).await?.verified {
        return Err(AppError::bad_request(
            "no_payout_account",
            payout_accounts::NO_PAYOUT_ACCOUNT,
        ));
    }
    let decision = audit::Decision::by(&ctx.db, staff, "project.funding.approve", "project", id)
        .await?
        .about(Some(found.owner_id));
    if !decide(decision.db(), staff, id, FundingState::Charging, None).await? {
        return Err(not_awaiting());
    }
    decision
        .commit(
            json!({"funding_state": FundingState::GoalReached}),
            json!({"funding_state": FundingState::Charging}),
        )
        .await?;
    charging::start(ctx.clone(), id);
    Ok(())
}

/// Does not approve project `id`'s funding: every pledge is let go uncharged, the campaign
/// closes, and the owner and backers hear why.
pub async fn reject(ctx: &AppContext, staff: &Staff, id: i64, reason: Reason) -> AppResult<()> {
    content_expert(staff)?;
    let found = find(ctx, id).await?;
    if !policy::awaits_final_approval(found.funding_state) {
        return Err(not_awaiting());
    }
    let reason = reason.to_string();
    let decision = audit::Decision::by(&ctx.db, staff, "project.funding.reject", "project", id)
        .await?
        .because(Some(reason.clone()))
        .about(Some(found.owner_id));
    if !decide(
        decision.db(),
        staff,
        id,
        FundingState::Released,
        Some(&reason),
    )
    .await?
    {
        return Err(not_awaiting());
    }
    let backers = pledging::release_all(decision.db(), id, FundingState::Released).await?;
    // The campaign is over: off the live list, no days left.
    project::Entity::update_many()
        .col_expr(project::Column::Status, Expr::value(ProjectStatus::Closed))
        .col_expr(project::Column::ClosesAt, Expr::value(kernel::clock::now()))
        .filter(project::Column::Id.eq(id))
        .exec(decision.db())
        .await?;
    decision
        .commit(
            json!({"funding_state": FundingState::GoalReached, "status": found.status}),
            json!({"funding_state": FundingState::Released, "status": ProjectStatus::Closed}),
        )
        .await?;
    ctx.events
        .publish(ProjectReleased {
            project: browse::ProjectRef::of(&found),
            backers,
            cause: ReleaseCause::NotApproved(reason),
        })
        .await;
    Ok(())
}
