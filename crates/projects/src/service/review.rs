//! Staff decide on a submitted project: it goes live, or back to its owner with a reason.
//! Every decision is audited in its own transaction (`kernel::audit::Decision`).

use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff, audit};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde_json::json;

use super::browse;
use crate::entity::project;
use crate::enums::ProjectStatus;
use crate::events::ProjectReviewed;
use crate::policy;

/// Why staff sent a project back: required, at most 2,000 characters.
pub type RejectionReason = kernel::input::Text<2000, kernel::input::Long>;

/// What staff decided.
#[derive(Debug, Clone)]
pub enum Verdict {
    Approve,
    /// The reason the owner reads.
    Reject(RejectionReason),
}

/// Projects waiting for a decision, the longest waiting first.
pub async fn queue(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let select = project::Entity::find()
        .filter(project::Column::Status.eq(ProjectStatus::Submitted))
        .order_by_asc(project::Column::SubmittedAt)
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
            approved: updated.status == ProjectStatus::Live,
            reason: updated.rejection_reason.clone(),
            summary: updated.lay_summary.clone(),
        })
        .await;
    Ok(updated)
}
