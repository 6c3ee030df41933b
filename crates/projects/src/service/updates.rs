//! Project updates (spec 2 §2 and §7): the owner writes them once the project is public,
//! staff approve them (audited), everyone reads the approved ones on the project's page,
//! and the project's followers hear of each.

use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams, Staff};
use owner_updates::{Draft, UpdateStatus};
use phi::guard::{self, Guard};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use super::{browse, favorites, ownership};
use crate::entity::{project, update};
use crate::events::ProjectUpdateReviewed;
use crate::policy;

pub const NOT_PUBLIC: &str = "Updates can be added once the project is live.";
/// Spec 2 §7: the owner's list comes 99 a page; the public one 10.
const OWNER_PER_PAGE: u64 = 99;
const PUBLIC_PER_PAGE: u64 = 10;

/// The caller's project when they may post updates on it; 404 for anyone else's.
pub async fn postable(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    project_id: i64,
) -> AppResult<project::Model> {
    let found = ownership::owned(db, user, project_id).await?;
    if !policy::may_post_update(found.status, true) {
        return Err(AppError::bad_request("project_not_public", NOT_PUBLIC));
    }
    Ok(found)
}

/// Every update of the caller's project, newest first (any state of the project).
pub async fn mine(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    project_id: i64,
    params: &PageParams,
) -> AppResult<(project::Model, Page<update::Model>)> {
    let found = ownership::owned(db, user, project_id).await?;
    let select = update::Entity::find()
        .filter(update::Column::ProjectId.eq(found.id))
        .order_by_desc(update::Column::CreatedAt)
        .order_by_desc(update::Column::Id);
    let page = kernel::pagination::paginate(db, select, params, OWNER_PER_PAGE).await?;
    Ok((found, page))
}

/// One update of the caller's project.
pub async fn one(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    project_id: i64,
    id: i64,
) -> AppResult<update::Model> {
    let found = ownership::owned(db, user, project_id).await?;
    update::Entity::find_by_id(id)
        .filter(update::Column::ProjectId.eq(found.id))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Update `id` of one of the caller's projects, whichever it is (the spec's edit route names
/// only the update).
pub async fn by_id(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    id: i64,
) -> AppResult<update::Model> {
    let found = update::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    ownership::owned(db, user, found.project_id).await?;
    Ok(found)
}

/// Refuses text the patient-data guardrail flags unless the author declared they may share
/// it (issue 24 §1).
async fn guarded(
    ctx: &AppContext,
    user: &CurrentUser,
    project_id: i64,
    draft: &Draft,
) -> AppResult<()> {
    let guard = Guard {
        declared: draft.phi_declared,
        blocking: false,
    };
    let at = guard::Place(format!("project_update:{project_id}"));
    guard::check(&ctx.db, user.id, &at, "text", &draft.text, guard).await
}

/// Writes a new update; it waits for staff.
pub async fn create(
    ctx: &AppContext,
    user: &CurrentUser,
    project_id: i64,
    draft: Draft,
) -> AppResult<update::Model> {
    let found = postable(&ctx.db, user, project_id).await?;
    guarded(ctx, user, found.id, &draft).await?;
    owner_updates::insert::<update::Entity>(ctx, user, found.id, draft).await
}

/// Saves an edit (and removes the picture when `clear_image`); the update goes back to
/// staff.
pub async fn edit(
    ctx: &AppContext,
    user: &CurrentUser,
    project_id: i64,
    id: i64,
    draft: Draft,
    clear_image: bool,
) -> AppResult<update::Model> {
    postable(&ctx.db, user, project_id).await?;
    guarded(ctx, user, project_id, &draft).await?;
    let current = one(&ctx.db, user, project_id, id).await?;
    owner_updates::edit::<update::Entity>(ctx, current, draft, clear_image).await
}

/// Sets the update's picture (checked by content); the update goes back to staff.
pub async fn set_image(
    ctx: &AppContext,
    user: &CurrentUser,
    project_id: i64,
    id: i64,
    upload: Vec<u8>,
) -> AppResult<update::Model> {
    postable(&ctx.db, user, project_id).await?;
    let current = one(&ctx.db, user, project_id, id).await?;
    owner_updates::set_image::<update::Entity>(ctx, current, upload).await
}

/// The approved updates of the public project at `slug`, newest first.
pub async fn approved(
    db: &impl ConnectionTrait,
    slug: &str,
    params: &PageParams,
) -> AppResult<Page<update::Model>> {
    let found = browse::public(db, slug).await?;
    let select = update::Entity::find()
        .filter(update::Column::ProjectId.eq(found.id))
        .filter(update::Column::ApprovedStatus.eq(UpdateStatus::Approved))
        .filter(update::Column::HiddenAt.is_null())
        .order_by_desc(update::Column::CreatedAt)
        .order_by_desc(update::Column::Id);
    kernel::pagination::paginate(db, select, params, PUBLIC_PER_PAGE).await
}

/// Updates waiting for staff, the longest waiting first.
pub async fn queue(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<update::Model>> {
    owner_updates::queue::<update::Entity>(db, params).await
}

/// The projects a page of updates belongs to, by id.
pub async fn projects_of(
    db: &impl ConnectionTrait,
    items: &[update::Model],
) -> AppResult<std::collections::HashMap<i64, project::Model>> {
    let ids: Vec<i64> = items.iter().map(|u| u.project_id).collect();
    Ok(project::Entity::find()
        .filter(project::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect())
}

/// Staff approve or reject an update (audited); the owner hears it, and on approval the
/// project's followers (its favouriters) too.
pub async fn review(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    approve: bool,
    reason: Option<String>,
) -> AppResult<update::Model> {
    let saved =
        owner_updates::review::<update::Entity>(ctx, staff, id, approve, reason.clone()).await?;
    let project = browse::reference(&ctx.db, saved.project_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let followers = if approve {
        favorites::fans_of(&ctx.db, saved.project_id).await?
    } else {
        Vec::new()
    };
    ctx.events
        .publish(ProjectUpdateReviewed {
            project,
            update_id: saved.id,
            author_id: saved.created_by_id,
            approved: approve,
            reason,
            title: saved.title.clone(),
            text: saved.text.clone(),
            image: saved.image.as_deref().map(|k| ctx.storage.url(k)),
            followers,
        })
        .await;
    Ok(saved)
}
