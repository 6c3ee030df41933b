//! Staff moderation of working groups: approve, reject, suspend, reactivate. Every action
//! is audited in the same transaction and announced to the owner through an event.

use audit;
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use serde_json::json;

use super::content::Content;
use super::wizard;
use crate::entity::working_group;
use crate::enums::{ActiveStatus, ApprovedStatus, StaffGroupList};
use crate::events::{Decision, GroupModerated};
use crate::policy;

const PER_PAGE: u64 = 25;
pub const NOT_SUBMITTED: &str = "This working group has not been submitted for review.";
pub const NOTHING_TO_REVIEW: &str = "This working group has nothing waiting for review.";
pub const DONE: &str = "The working group has been updated.";

kernel::string_enum!(
    /// What staff may do to a group (the `{action}` of its path).
    Action {
        Approve = "approve",
        Reject = "reject",
        Suspend = "suspend",
        Reactivate = "reactivate",
    }
);

impl Action {
    fn audit_name(self) -> &'static str {
        match self {
            Self::Approve => "group.approve",
            Self::Reject => "group.reject",
            Self::Suspend => "group.suspend",
            Self::Reactivate => "group.reactivate",
        }
    }
}

fn allowed(staff: &Staff) -> AppResult<()> {
    if policy::may_moderate(staff.role()) {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// Submitted new groups and approved groups with changes.
fn waiting() -> Condition {
    Condition::any()
        .add(
            Condition::all()
                .add(working_group::Column::ApprovedStatus.eq(ApprovedStatus::WaitingForApproval))
                .add(working_group::Column::SubmittedAt.is_not_null()),
        )
        .add(working_group::Column::ApprovedStatus.eq(ApprovedStatus::PendingApprovalForChanges))
}

/// How many groups wait for staff (the console's home shows it).
pub async fn waiting_count(db: &impl ConnectionTrait) -> AppResult<u64> {
    Ok(working_group::Entity::find()
        .filter(waiting())
        .count(db)
        .await?)
}

/// Groups waiting for staff, the longest waiting first; or (`list` all) every group
/// submitted at least once, newest first, so staff can suspend or reactivate any of them.
pub async fn queue(
    ctx: &AppContext,
    staff: &Staff,
    list: StaffGroupList,
    search: Option<&str>,
    params: &PageParams,
) -> AppResult<Page<working_group::Model>> {
    allowed(staff)?;
    let mut select = working_group::Entity::find();
    if let Some(found) = search.and_then(super::browse::search_condition) {
        select = select.filter(found);
    }
    if list == StaffGroupList::All {
        let select = select
            .filter(working_group::Column::SubmittedAt.is_not_null())
            .order_by_desc(working_group::Column::CreatedAt)
            .order_by_desc(working_group::Column::Id);
        return kernel::pagination::paginate(&ctx.db, select, params, PER_PAGE).await;
    }
    let select = select
        .filter(waiting())
        .order_by_asc(working_group::Column::UpdatedAt);
    kernel::pagination::paginate(&ctx.db, select, params, PER_PAGE).await
}

/// The proposed content of a group under review, for the side-by-side view.
pub async fn proposed(
    ctx: &AppContext,
    staff: &Staff,
    group_id: i64,
) -> AppResult<(Content, Content)> {
    allowed(staff)?;
    let group = find(ctx, group_id).await?;
    let current = wizard::stored_content(&ctx.db, &group).await?;
    let proposed = wizard::working_content(&ctx.db, &group).await?;
    Ok((current, proposed))
}

async fn find(ctx: &AppContext, group_id: i64) -> AppResult<working_group::Model> {
    working_group::Entity::find_by_id(group_id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Applies a staff decision, records it, and tells the owner.
pub async fn act(
    ctx: &AppContext,
    staff: &Staff,
    group_id: i64,
    action: Action,
    reason: Option<String>,
) -> AppResult<working_group::Model> {
    allowed(staff)?;
    let audited = audit::Decision::by(
        &ctx.db,
        staff,
        action.audit_name(),
        "working_group",
        group_id,
    )
    .await?
    .because(reason.clone());
    let group = working_group::Entity::find_by_id(group_id)
        .one(audited.db())
        .await?
        .ok_or_else(AppError::not_found)?;
    let before = group.approved_status;
    let before_active = group.active_status;
    let under_review = policy::is_under_review(before, group.submitted_at.is_some());
    let owner_id = group.created_by_id;
    let audited = audited.about(Some(owner_id));
    // Whichever image loses (the old public one on approval, the proposed one on a
    // rejection of changes) is removed once the decision is committed.
    let public_image = wizard::stored_content(audited.db(), &group).await?.image;
    let proposed_image = wizard::working_content(audited.db(), &group).await?.image;
    let losing_image = match (action, before) {
        (Action::Approve, _) => public_image.filter(|img| Some(img) != proposed_image.as_ref()),
        (Action::Reject, ApprovedStatus::PendingApprovalForChanges) => {
            proposed_image.filter(|img| Some(img) != public_image.as_ref())
        }
        _ => None,
    };
    let updated = match action {
        Action::Approve | Action::Reject if !under_review => {
            let text = if before == ApprovedStatus::WaitingForApproval {
                NOT_SUBMITTED
            } else {
                NOTHING_TO_REVIEW
            };
            return Err(AppError::bad_request("not_under_review", text));
        }
        Action::Approve => {
            let content = wizard::working_content(audited.db(), &group).await?;
            let group = wizard::store_content(audited.db(), group, &content).await?;
            set_status(audited.db(), group, ApprovedStatus::Approved).await?
        }
        // Rejected changes leave the approved version in place; a rejected new group is not approved.
        Action::Reject if before == ApprovedStatus::PendingApprovalForChanges => {
            set_status(audited.db(), group, ApprovedStatus::Approved).await?
        }
        Action::Reject => set_status(audited.db(), group, ApprovedStatus::NotApproved).await?,
        Action::Suspend | Action::Reactivate => {
            let status = if action == Action::Suspend {
                ActiveStatus::Suspended
            } else {
                ActiveStatus::Active
            };
            let mut active: working_group::ActiveModel = group.into();
            active.active_status = Set(status);
            active.update(audited.db()).await?
        }
    };
    audited
        .commit(
            json!({"approved_status": before.as_str(), "active_status": before_active}),
            json!({
                "approved_status": updated.approved_status,
                "active_status": updated.active_status,
            }),
        )
        .await?;
    if let Some(image) = losing_image {
        wizard::discard_image(ctx, &image).await;
    }
    let decision = match action {
        Action::Approve if before == ApprovedStatus::PendingApprovalForChanges => {
            Decision::ChangesApproved
        }
        Action::Approve => Decision::Approved,
        Action::Reject => Decision::Rejected,
        Action::Suspend => Decision::Suspended,
        Action::Reactivate => Decision::Reactivated,
    };
    let public = wizard::stored_content(&ctx.db, &updated).await?;
    ctx.events
        .publish(GroupModerated {
            group: super::membership::group_ref(&updated),
            owner_id,
            decision,
            approved_status: updated.approved_status,
            suspended: updated.active_status == ActiveStatus::Suspended,
            reason,
            summary: public.summary,
            image: public.image.as_deref().map(|k| ctx.storage.url(k)),
        })
        .await;
    Ok(updated)
}

async fn set_status(
    txn: &sea_orm::DatabaseTransaction,
    group: working_group::Model,
    status: ApprovedStatus,
) -> AppResult<working_group::Model> {
    let mut active: working_group::ActiveModel = group.into();
    active.approved_status = Set(status);
    active.pending_changes = Set(None);
    Ok(active.update(txn).await?)
}
