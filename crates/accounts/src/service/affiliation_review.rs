//! Staff review of university affiliations (spec §4: how an affiliation becomes approved
//! is not shown; here staff decide, and every decision is audited).

use audit::{self, Decision};
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde_json::json;

use super::me;
use crate::entity::user;
use crate::enums::{AffiliationQueue, AffiliationStatus};
use crate::events::AffiliationReviewed;
use crate::policy;

pub const NOT_CONFIRMED: &str = "The university email has not been confirmed yet.";
pub const REVIEWED: &str = "The affiliation has been reviewed.";
const PER_PAGE: u64 = 25;

fn allowed(staff: &Staff) -> AppResult<()> {
    if policy::may_review_affiliations(staff.role()) {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// Whether `u`'s affiliation waits for staff: what [`pending`] selects, for one member.
pub fn awaits_review(u: &user::Model) -> bool {
    u.university_affiliate_email.is_some()
        && u.university_email_confirmed
        && u.affiliation_status == AffiliationStatus::NotApproved
        && u.affiliation_rejected_at.is_none()
}

fn pending() -> sea_orm::Condition {
    sea_orm::Condition::all()
        .add(user::Column::UniversityAffiliateEmail.is_not_null())
        .add(user::Column::UniversityEmailConfirmed.eq(true))
        .add(user::Column::AffiliationStatus.eq(AffiliationStatus::NotApproved))
        .add(user::Column::AffiliationRejectedAt.is_null())
}

/// How many affiliations wait for review (the console's home shows it).
pub async fn waiting_count(db: &impl sea_orm::ConnectionTrait) -> AppResult<u64> {
    use sea_orm::PaginatorTrait;
    Ok(user::Entity::find().filter(pending()).count(db).await?)
}

/// The members in `queue`, oldest request first.
pub async fn list(
    ctx: &AppContext,
    staff: &Staff,
    queue: AffiliationQueue,
    params: &PageParams,
) -> AppResult<Page<user::Model>> {
    allowed(staff)?;
    let select = match queue {
        AffiliationQueue::Pending => user::Entity::find().filter(pending()),
        AffiliationQueue::Rejected => user::Entity::find()
            .filter(user::Column::AffiliationRejectedAt.is_not_null())
            .filter(user::Column::AffiliationStatus.eq(AffiliationStatus::NotApproved)),
        AffiliationQueue::Approved => user::Entity::find()
            .filter(user::Column::UniversityAffiliateEmail.is_not_null())
            .filter(user::Column::AffiliationStatus.eq(AffiliationStatus::Approved)),
    };
    kernel::pagination::paginate(
        &ctx.db,
        select.order_by_asc(user::Column::Id),
        params,
        PER_PAGE,
    )
    .await
}

/// Approves or withdraws a member's affiliation, recording who did it and why.
pub async fn review(
    ctx: &AppContext,
    staff: &Staff,
    user_id: i64,
    decision: AffiliationStatus,
    reason: Option<String>,
) -> AppResult<()> {
    allowed(staff)?;
    let approve = decision == AffiliationStatus::Approved;
    let action = if approve {
        "affiliation.approve"
    } else {
        "affiliation.reject"
    };
    let audited = Decision::by(&ctx.db, staff, action, "user", user_id)
        .await?
        .because(reason.clone());
    let member = me::find(audited.db(), user_id).await?;
    if !policy::may_approve_affiliation(member.university_email_confirmed, approve) {
        return Err(AppError::bad_request("not_confirmed", NOT_CONFIRMED));
    }
    let before = member.affiliation_status;
    let mut active: user::ActiveModel = member.into();
    active.affiliation_status = Set(decision);
    active.affiliation_rejected_at = Set((!approve).then(kernel::clock::now));
    active.update(audited.db()).await?;
    audited
        .commit(
            json!({ "affiliation_status": before }),
            json!({ "affiliation_status": decision.as_str() }),
        )
        .await?;
    ctx.events
        .publish(AffiliationReviewed {
            user_id,
            approved: approve,
            reason,
        })
        .await;
    Ok(())
}

/// The audit trail of one member's affiliation.
pub async fn history(
    ctx: &AppContext,
    staff: &Staff,
    user_id: i64,
) -> AppResult<Vec<audit::AuditRecord>> {
    allowed(staff)?;
    let mut history = audit::history(&ctx.db, "user", &user_id.to_string()).await?;
    audit::name_actors(ctx.users.as_ref(), &mut history).await?;
    Ok(history)
}
