//! Project updates (spec 2 §2 and §7): the owner writes them once the project is public,
//! staff approve them (audited), everyone reads the approved ones on the project's page,
//! and the project's followers hear of each.

use audit::Decision;
use kernel::input::{Long, RichText, Text};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams, Staff};
use media::images::{self, Shape};
use owner_updates::UpdateStatus;
use phi::guard::{self, Guard};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde_json::json;

use super::{browse, favorites, ownership};
use crate::entity::{project, update};
use crate::events::ProjectUpdateReviewed;
use crate::policy;

pub const NOT_PUBLIC: &str = "Updates can be added once the project is live.";
const IMAGE_SHAPE: Shape = Shape {
    max_width: 1200,
    thumbnail_side: 480,
};
/// Spec 2 §7: the owner's list comes 99 a page; the public one 10.
const OWNER_PER_PAGE: u64 = 99;
const PUBLIC_PER_PAGE: u64 = 10;

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
    let now = kernel::clock::now();
    Ok(update::ActiveModel {
        project_id: Set(found.id),
        title: Set(draft.title.into_string()),
        text: Set(draft.text.into_string()),
        image: Set(None),
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

/// Saves an edit; the update goes back to staff.
pub async fn edit(
    ctx: &AppContext,
    user: &CurrentUser,
    project_id: i64,
    id: i64,
    draft: Draft,
) -> AppResult<update::Model> {
    postable(&ctx.db, user, project_id).await?;
    guarded(ctx, user, project_id, &draft).await?;
    let current = one(&ctx.db, user, project_id, id).await?;
    let mut active: update::ActiveModel = current.into();
    active.title = Set(draft.title.into_string());
    active.text = Set(draft.text.into_string());
    active.video_url = Set(draft.video_url);
    active.approved_status = Set(UpdateStatus::WaitingForApproval);
    active.updated_at = Set(kernel::clock::now());
    Ok(active.update(&ctx.db).await?)
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
    let folder = format!("projects/{project_id}/updates");
    let key = images::accept(ctx.storage.as_ref(), &folder, upload, IMAGE_SHAPE).await?;
    let old = current.image.clone();
    let mut active: update::ActiveModel = current.into();
    active.image = Set(Some(key));
    active.approved_status = Set(UpdateStatus::WaitingForApproval);
    active.updated_at = Set(kernel::clock::now());
    let saved = active.update(&ctx.db).await?;
    if let Some(old) = old {
        media::documents::discard(ctx.storage.as_ref(), &old).await;
    }
    Ok(saved)
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
    let select = update::Entity::find()
        .filter(update::Column::ApprovedStatus.eq(UpdateStatus::WaitingForApproval))
        .order_by_asc(update::Column::UpdatedAt)
        .order_by_asc(update::Column::Id);
    kernel::pagination::paginate(db, select, params, 25).await
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
    let action = if approve {
        "project_update.approve"
    } else {
        "project_update.reject"
    };
    let decision = Decision::by(&ctx.db, staff, action, "project_update", id)
        .await?
        .because(reason.clone());
    let current = update::Entity::find_by_id(id)
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
    let mut active: update::ActiveModel = current.into();
    active.approved_status = Set(status);
    let saved = active.update(decision.db()).await?;
    decision
        .commit(
            json!({"approved_status": before, "project_id": saved.project_id}),
            json!({"approved_status": status, "project_id": saved.project_id}),
        )
        .await?;
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
