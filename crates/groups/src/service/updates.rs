//! Group updates (spec 2 §2, §4 Update saving, §6): owners and moderators write them,
//! staff approve them, members read the approved ones.

use audit::Decision;
use kernel::input::{Long, RichText, Text};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams, Staff};
use media::images::{self, Shape};
use phi::guard::{self, Guard};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use serde_json::json;

use super::{detail, membership};
use crate::entity::{group_update, working_group};
use crate::enums::{MemberRole, UpdateStatus};
use crate::events::UpdateReviewed;
use crate::policy;

pub const GROUP_NOT_APPROVED: &str = "Updates can be added once the working group is approved.";
const IMAGE_SHAPE: Shape = Shape {
    max_width: 1200,
    thumbnail_side: 480,
};
const PER_PAGE: u64 = 99;

/// An update's title: required, at most 255 characters.
pub type Title = Text<255, Long>;
/// An update's text: sanitised rich text with something in it.
pub type Body = RichText<100_000, Long>;

/// What an update says.
#[derive(Debug, Clone)]
pub struct Draft {
    pub title: Title,
    pub text: Body,
    /// A checked address (`kernel::input::VideoUrl`), when one was given.
    pub video_url: Option<String>,
    /// The author declared they may share what the patient-data guardrail found.
    pub phi_declared: bool,
}

/// The group and the caller's role in it, when they may post updates.
pub async fn curated(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    group_id: i64,
) -> AppResult<(working_group::Model, MemberRole)> {
    let group = detail::by_id(db, group_id).await?;
    let role = membership::role_of(db, group.id, Some(user.id)).await?;
    match role {
        Some(role) if policy::may_curate(Some(role)) => Ok((group, role)),
        _ => Err(AppError::not_found()),
    }
}

/// Refuses text the patient-data guardrail flags unless the author declared they may share
/// it, and always where the group's owner made the check blocking (issue 24 §1).
async fn guarded(
    ctx: &AppContext,
    user: &CurrentUser,
    group: &working_group::Model,
    draft: &Draft,
) -> AppResult<()> {
    let guard = Guard {
        declared: draft.phi_declared,
        blocking: group.phi_blocking,
    };
    let at = guard::Place(format!("group_update:{}", group.id));
    guard::check(&ctx.db, user.id, &at, "text", &draft.text, guard).await
}

/// Every update of a group, for its owner and moderators, newest first.
pub async fn all(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    group_id: i64,
) -> AppResult<(working_group::Model, MemberRole, Vec<group_update::Model>)> {
    let (group, role) = curated(db, user, group_id).await?;
    let updates = group_update::Entity::find()
        .filter(group_update::Column::GroupId.eq(group_id))
        .order_by_desc(group_update::Column::CreatedAt)
        .order_by_desc(group_update::Column::Id)
        .all(db)
        .await?;
    Ok((group, role, updates))
}

/// The updates of a group its members and staff read, with the viewer's role: the approved
/// ones, and for its owner and moderators (who post them) every one whatever its review, so
/// they see theirs waiting for approval where members will read them.
pub async fn readable(
    db: &impl ConnectionTrait,
    viewer: &CurrentUser,
    group_id: i64,
    params: &PageParams,
) -> AppResult<(Page<group_update::Model>, Option<MemberRole>)> {
    let group = detail::by_id(db, group_id).await?;
    let (role, agreement) = membership::standing(db, &group, Some(viewer.id)).await?;
    if !policy::may_read_private(role, viewer.staff_role.is_some(), agreement) {
        return Err(AppError::not_found());
    }
    // A member opening the updates counts once a day for the group's activity chart
    // (staff reading along do not).
    if role.is_some() && params.page.unwrap_or(1) <= 1 {
        super::activity::saw_updates(db, group.id, viewer.id).await?;
    }
    // An update under review or hidden is for its author and the group's owner and
    // moderators.
    let shown = if policy::may_curate(role) {
        Condition::all()
    } else {
        Condition::any()
            .add(
                Condition::all()
                    .add(group_update::Column::ApprovedStatus.eq(UpdateStatus::Approved))
                    .add(group_update::Column::HiddenAt.is_null()),
            )
            .add(group_update::Column::CreatedById.eq(viewer.id))
    };
    let select = group_update::Entity::find()
        .filter(group_update::Column::GroupId.eq(group_id))
        .filter(shown)
        .order_by_desc(group_update::Column::CreatedAt)
        .order_by_desc(group_update::Column::Id);
    let page = kernel::pagination::paginate(db, select, params, PER_PAGE).await?;
    Ok((page, role))
}

/// Writes a new update; it waits for staff.
pub async fn create(
    ctx: &AppContext,
    user: &CurrentUser,
    group_id: i64,
    draft: Draft,
) -> AppResult<group_update::Model> {
    let (group, _) = curated(&ctx.db, user, group_id).await?;
    if !policy::is_approved(group.approved_status) {
        return Err(AppError::bad_request(
            "group_not_approved",
            GROUP_NOT_APPROVED,
        ));
    }
    guarded(ctx, user, &group, &draft).await?;
    let now = kernel::clock::now();
    Ok(group_update::ActiveModel {
        group_id: Set(group_id),
        title: Set(draft.title.into_string()),
        text: Set(draft.text.into_string()),
        video_url: Set(draft.video_url),
        created_by_id: Set(user.id),
        approved_status: Set(UpdateStatus::WaitingForApproval),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&ctx.db)
    .await?)
}

/// One update the caller may edit (the owner any, a moderator their own).
pub async fn editable(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    group_id: i64,
    id: i64,
) -> AppResult<group_update::Model> {
    let (_, role) = curated(db, user, group_id).await?;
    let update = group_update::Entity::find_by_id(id)
        .filter(group_update::Column::GroupId.eq(group_id))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    if !policy::may_edit_update(Some(role), update.created_by_id == user.id) {
        return Err(AppError::forbidden());
    }
    Ok(update)
}

fn back_to_review(active: &mut group_update::ActiveModel) {
    active.approved_status = Set(UpdateStatus::WaitingForApproval);
    active.updated_at = Set(kernel::clock::now());
}

/// Saves an edit; the update goes back to staff.
pub async fn update(
    ctx: &AppContext,
    user: &CurrentUser,
    group_id: i64,
    id: i64,
    draft: Draft,
    clear_image: bool,
) -> AppResult<group_update::Model> {
    let current = editable(&ctx.db, user, group_id, id).await?;
    let group = detail::by_id(&ctx.db, group_id).await?;
    guarded(ctx, user, &group, &draft).await?;
    let old_image = current.image.clone().filter(|_| clear_image);
    let mut active: group_update::ActiveModel = current.into();
    active.title = Set(draft.title.into_string());
    active.text = Set(draft.text.into_string());
    active.video_url = Set(draft.video_url);
    if clear_image {
        active.image = Set(None);
    }
    back_to_review(&mut active);
    let saved = active.update(&ctx.db).await?;
    if let Some(key) = old_image {
        super::wizard::discard_image(ctx, &key).await;
    }
    Ok(saved)
}

/// Sets the update's image (a JPEG or PNG checked by content).
pub async fn set_image(
    ctx: &AppContext,
    user: &CurrentUser,
    group_id: i64,
    id: i64,
    upload: Vec<u8>,
) -> AppResult<group_update::Model> {
    let current = editable(&ctx.db, user, group_id, id).await?;
    let key = images::accept(
        ctx.storage.as_ref(),
        &format!("groups/{group_id}/updates"),
        upload,
        IMAGE_SHAPE,
    )
    .await?;
    let old = current.image.clone();
    let mut active: group_update::ActiveModel = current.into();
    active.image = Set(Some(key));
    back_to_review(&mut active);
    let saved = active.update(&ctx.db).await?;
    if let Some(old) = old {
        super::wizard::discard_image(ctx, &old).await;
    }
    Ok(saved)
}

/// How many updates wait for staff (the console's home shows it).
pub async fn waiting_count(db: &impl ConnectionTrait) -> AppResult<u64> {
    Ok(group_update::Entity::find()
        .filter(group_update::Column::ApprovedStatus.eq(UpdateStatus::WaitingForApproval))
        .count(db)
        .await?)
}

/// Updates waiting for staff, oldest first.
pub async fn queue(
    ctx: &AppContext,
    staff: &Staff,
    params: &PageParams,
) -> AppResult<Page<group_update::Model>> {
    if !policy::may_moderate(staff.role()) {
        return Err(AppError::not_found());
    }
    let select = group_update::Entity::find()
        .filter(group_update::Column::ApprovedStatus.eq(UpdateStatus::WaitingForApproval))
        .order_by_asc(group_update::Column::UpdatedAt);
    kernel::pagination::paginate(&ctx.db, select, params, 25).await
}

/// The groups a page of updates belongs to, by id (for the staff queue).
pub async fn groups_of(
    db: &impl ConnectionTrait,
    items: &[group_update::Model],
) -> AppResult<std::collections::HashMap<i64, working_group::Model>> {
    let ids: Vec<i64> = items.iter().map(|u| u.group_id).collect();
    Ok(working_group::Entity::find()
        .filter(working_group::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|g| (g.id, g))
        .collect())
}

/// Staff approve or reject an update; audited.
pub async fn review(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    approve: bool,
    reason: Option<String>,
) -> AppResult<group_update::Model> {
    if !policy::may_moderate(staff.role()) {
        return Err(AppError::not_found());
    }
    let action = if approve {
        "group_update.approve"
    } else {
        "group_update.reject"
    };
    let decision = Decision::by(&ctx.db, staff, action, "group_update", id)
        .await?
        .because(reason.clone());
    let current = group_update::Entity::find_by_id(id)
        .one(decision.db())
        .await?
        .ok_or_else(AppError::not_found)?;
    let decision = decision.about(Some(current.created_by_id));
    let before = current.approved_status;
    let status = if approve {
        UpdateStatus::Approved
    } else {
        UpdateStatus::NotApproved
    };
    let mut active: group_update::ActiveModel = current.into();
    active.approved_status = Set(status);
    let saved = active.update(decision.db()).await?;
    decision
        .commit(
            json!({"approved_status": before, "group_id": saved.group_id}),
            json!({"approved_status": status.as_str(), "group_id": saved.group_id}),
        )
        .await?;
    let group = detail::by_id(&ctx.db, saved.group_id).await?;
    ctx.events
        .publish(UpdateReviewed {
            group: membership::group_ref(&group),
            update_id: saved.id,
            author_id: saved.created_by_id,
            approved: approve,
            reason,
            title: saved.title.clone(),
            text: saved.text.clone(),
            image: saved.image.as_deref().map(|k| ctx.storage.url(k)),
        })
        .await;
    Ok(saved)
}
