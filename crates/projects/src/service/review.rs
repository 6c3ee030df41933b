//! Staff decide on a submitted project: it goes live, or back to its owner with a reason.
//! Every decision is audited in its own transaction (`audit::Decision`).

use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde_json::json;

use super::{browse, pledging};
use crate::entity::project;
use crate::enums::{FundingState, ProjectAction, ProjectStatus};
use crate::events::{Outcome, ProjectReleased, ProjectReviewed, ReleaseCause};
use crate::policy;

/// Why staff sent a project back: required, at most 2,000 characters.
pub type RejectionReason = kernel::input::Reason;

/// What staff decided.
#[derive(Debug, Clone)]
pub enum Verdict {
    Approve,
    /// The reason the owner reads.
    Reject(RejectionReason),
}

/// Projects in `status` for staff: submissions the longest waiting first, the others
/// the most recently changed first.
pub async fn queue(
    db: &impl ConnectionTrait,
    status: ProjectStatus,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let select = project::Entity::find().filter(project::Column::Status.eq(status));
    let select = if status == ProjectStatus::Submitted {
        select.order_by_asc(project::Column::SubmittedAt)
    } else {
        select.order_by_desc(project::Column::UpdatedAt)
    }
    .order_by_asc(project::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

const PER_PAGE: u64 = 20;

pub const NOT_UNDER_REVIEW: &str = "This project is not waiting for review.";

pub async fn decide(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    verdict: Verdict,
) -> AppResult<project::Model> {
    let (action, reason) = match &verdict {
        Verdict::Approve => ("project.approve", None),
        Verdict::Reject(reason) => ("project.reject", Some(reason.to_string())),
    };
    let decision = audit::Decision::by(&ctx.db, staff, action, "project", id)
        .await?
        .because(reason.clone());
    let found = project::Entity::find_by_id(id)
        .one(decision.db())
        .await?
        .ok_or_else(AppError::not_found)?;
    let decision = decision.about(Some(found.owner_id));
    if !policy::may_review(found.status) {
        return Err(AppError::bad_request("not_under_review", NOT_UNDER_REVIEW));
    }
    let before = found.status;
    let found_days = found.campaign_days;
    let now = kernel::clock::now();
    let mut active: project::ActiveModel = found.into();
    match verdict {
        Verdict::Approve => {
            let days = found_days.unwrap_or(*policy::CAMPAIGN_DAYS.start());
            active.status = Set(ProjectStatus::Live);
            active.live_at = Set(Some(now));
            active.closes_at = Set(Some(now + chrono::Duration::days(i64::from(days))));
        }
        Verdict::Reject(_) => {
            active.status = Set(ProjectStatus::Rejected);
            active.rejection_reason = Set(reason);
        }
    }
    active.updated_at = Set(now);
    let updated = active.update(decision.db()).await?;
    decision
        .commit(json!({"status": before}), json!({"status": updated.status}))
        .await?;
    ctx.events
        .publish(ProjectReviewed {
            project: browse::ProjectRef::of(&updated),
            outcome: if updated.status == ProjectStatus::Live {
                Outcome::Approved
            } else {
                Outcome::Rejected
            },
            reason: updated.rejection_reason.clone(),
            summary: updated.lay_summary.clone(),
        })
        .await;
    Ok(updated)
}

pub const NOT_NOW: &str = "This project cannot be changed that way now.";

/// Staff suspend a live project (with a reason the owner reads), make a suspended one live
/// again, or close a live one; audited, and the owner hears it.
pub async fn act(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    action: ProjectAction,
    reason: Option<String>,
) -> AppResult<project::Model> {
    if action == ProjectAction::Suspend && reason.is_none() {
        return Err(AppError::field(
            "reason",
            kernel::validation::FieldText::FieldRequired.as_str(),
        ));
    }
    let name = format!("project.{}", action.as_str());
    let decision = audit::Decision::by(&ctx.db, staff, &name, "project", id)
        .await?
        .because(reason.clone());
    let found = project::Entity::find_by_id(id)
        .one(decision.db())
        .await?
        .ok_or_else(AppError::not_found)?;
    let decision = decision.about(Some(found.owner_id));
    let before = found.status;
    let next =
        policy::after(before, action).ok_or_else(|| AppError::bad_request("not_now", NOT_NOW))?;
    let now = kernel::clock::now();
    let closing = action == ProjectAction::Close;
    let mut change = project::Entity::update_many()
        .col_expr(project::Column::Status, Expr::value(next))
        .col_expr(project::Column::UpdatedAt, Expr::value(now))
        .filter(project::Column::Id.eq(id))
        // As read: a request that moved the project meanwhile (a pledge reaching the goal,
        // the campaign's end) leaves this one refused rather than decided on stale facts.
        .filter(project::Column::Status.eq(before))
        .filter(project::Column::FundingState.eq(found.funding_state));
    if closing {
        // The campaign ends now: no days are left to show.
        change = change.col_expr(project::Column::ClosesAt, Expr::value(now));
    }
    if change.exec(decision.db()).await?.rows_affected == 0 {
        return Err(AppError::bad_request("not_now", NOT_NOW));
    }
    // All or nothing: a campaign closed before its funding was approved charges no one.
    let released = if closing && policy::releases_on_close(found.funding_state) {
        pledging::release_all(decision.db(), id, FundingState::Released).await?
    } else {
        Vec::new()
    };
    let updated = project::Entity::find_by_id(id)
        .one(decision.db())
        .await?
        .ok_or_else(AppError::not_found)?;
    decision
        .commit(json!({"status": before}), json!({"status": next}))
        .await?;
    if !released.is_empty() {
        ctx.events
            .publish(ProjectReleased {
                project: browse::ProjectRef::of(&updated),
                backers: released,
                cause: ReleaseCause::ClosedByStaff,
            })
            .await;
    }
    let outcome = match action {
        ProjectAction::Suspend => Outcome::Suspended,
        ProjectAction::Reactivate => Outcome::Reactivated,
        ProjectAction::Close => Outcome::Closed,
    };
    ctx.events
        .publish(ProjectReviewed {
            project: browse::ProjectRef::of(&updated),
            outcome,
            reason,
            summary: updated.lay_summary.clone(),
        })
        .await;
    Ok(updated)
}
