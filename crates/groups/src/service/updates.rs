//! Group updates (spec 2 §2, §4 Update saving, §6): owners and moderators write them,
//! staff approve them, members read the approved ones.

use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams, Staff};
use owner_updates::Draft;
use phi::guard::{self, Guard};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use super::{detail, membership};
use crate::entity::{group_update, working_group};
use crate::enums::{MemberRole, UpdateStatus};
use crate::events::UpdateReviewed;
use crate::policy;

pub const GROUP_NOT_APPROVED: &str = "Updates can be added once the working group is approved.";
const PER_PAGE: u64 = 99;

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
    owner_updates::insert::<group_update::Entity>(ctx, user, group_id, draft).await
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

/// Saves an edit (and removes the image when `clear_image`); the update goes back to staff.
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
    owner_updates::edit::<group_update::Entity>(ctx, current, draft, clear_image).await
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
    owner_updates::set_image::<group_update::Entity>(ctx, current, upload).await
}

/// How many updates wait for staff (the console's home shows it).
pub async fn waiting_count(db: &impl ConnectionTrait) -> AppResult<u64> {
    owner_updates::waiting_count::<group_update::Entity>(db).await
}

/// Updates waiting for staff, the longest waiting first.
pub async fn queue(
    ctx: &AppContext,
    staff: &Staff,
    params: &PageParams,
) -> AppResult<Page<group_update::Model>> {
    if !policy::may_moderate(staff.role()) {
        return Err(AppError::not_found());
    }
    owner_updates::queue::<group_update::Entity>(&ctx.db, params).await
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

/// Staff approve or reject an update (audited); its author hears it.
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
    let saved =
        owner_updates::review::<group_update::Entity>(ctx, staff, id, approve, reason.clone())
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
