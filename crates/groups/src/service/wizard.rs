//! The create/edit wizard behind `/me/groups`: the owner's side of a group.

use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use media::images::{self, Shape};
use phi::guard::{self, Guard};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, ModelTrait, QueryFilter,
    QueryOrder, Set,
};

use super::content::{Content, General, Specifics};
use super::links;
use super::{lookups, membership, slug};
use crate::entity::working_group;
use crate::enums::{ActiveStatus, ApprovedStatus};
use crate::policy;

/// Group pictures: 1200 px wide at most; thumbnails for cards.
const IMAGE_SHAPE: Shape = Shape {
    max_width: 1200,
    thumbnail_side: 480,
};
const MY_GROUPS_PER_PAGE: u64 = 9;
pub const DELETED: &str = "Your working group has been successfully deleted";

fn to_json<T: serde::Serialize>(value: &T) -> AppResult<String> {
    serde_json::to_string(value).map_err(|e| AppError::Internal(e.into()))
}

/// The content stored in the group's own columns and links (the public, approved version).
pub async fn stored_content(
    db: &impl ConnectionTrait,
    group: &working_group::Model,
) -> AppResult<Content> {
    let links = links::of(db, group.id).await?;
    Ok(Content {
        title: group.title.clone(),
        summary: group.summary.clone(),
        tags: links.tags,
        embedded_link: group.embedded_link.clone(),
        additional_info: group.additional_info.clone(),
        image: group.image.clone(),
        goals_of_working_group: links.goals,
        other_goals_of_wg: group.other_goals_of_wg.clone(),
        industry_partner_likely: group.industry_partner_likely,
        role_of_industry_partner: links.roles,
        other_role_of_industry_partner: group.other_role_of_industry_partner.clone(),
        member_obligations: group.member_obligations.clone(),
    })
}

/// What the owner sees and edits: the pending changes when there are some.
pub async fn working_content(
    db: &impl ConnectionTrait,
    group: &working_group::Model,
) -> AppResult<Content> {
    match group.pending_changes.as_deref() {
        Some(json) => serde_json::from_str(json).map_err(|e| AppError::Internal(e.into())),
        None => stored_content(db, group).await,
    }
}

/// Writes content into the group's own columns and tag links.
pub async fn store_content(
    db: &impl ConnectionTrait,
    group: working_group::Model,
    content: &Content,
) -> AppResult<working_group::Model> {
    links::replace(
        db,
        group.id,
        &links::Links {
            tags: content.tags.clone(),
            goals: content.goals_of_working_group.clone(),
            roles: content.role_of_industry_partner.clone(),
        },
    )
    .await?;
    let mut active: working_group::ActiveModel = group.into();
    active.title = Set(content.title.clone());
    active.summary = Set(content.summary.clone());
    active.embedded_link = Set(content.embedded_link.clone());
    active.additional_info = Set(content.additional_info.clone());
    active.image = Set(content.image.clone());
    active.other_goals_of_wg = Set(content.other_goals_of_wg.clone());
    active.industry_partner_likely = Set(content.industry_partner_likely);
    active.other_role_of_industry_partner = Set(content.other_role_of_industry_partner.clone());
    active.member_obligations = Set(content.member_obligations.clone());
    active.updated_at = Set(kernel::clock::now());
    Ok(active.update(db).await?)
}

/// One of the caller's own groups; anyone else's is a 404.
pub async fn owned(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    group_id: i64,
) -> AppResult<working_group::Model> {
    let group = working_group::Entity::find_by_id(group_id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let role = membership::role_of(db, group.id, Some(user.id)).await?;
    if !policy::may_manage(role) {
        return Err(AppError::not_found());
    }
    Ok(group)
}

/// Issue 24 §1: the texts an owner sends pass the patient-data guardrail, or carry their
/// declaration (a group's own texts are never blocked: its owner chose the check).
async fn guarded(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    group_id: Option<i64>,
    general: &General,
    specifics: Option<&Specifics>,
    declared: bool,
) -> AppResult<()> {
    let texts = [
        ("summary", general.summary.as_deref()),
        (
            "additional_info",
            general.additional_info.as_ref().and_then(|t| t.as_deref()),
        ),
        (
            "other_goals_of_wg",
            specifics.and_then(|s| s.other_goals_of_wg.as_deref()),
        ),
        (
            "other_role_of_industry_partner",
            specifics.and_then(|s| s.other_role_of_industry_partner.as_deref()),
        ),
        (
            "member_obligations",
            specifics.and_then(|s| s.member_obligations.as_deref()),
        ),
    ];
    let fields: Vec<_> = texts
        .iter()
        .filter_map(|(field, text)| text.map(|t| guard::Published::text(field, t)))
        .collect();
    let place = guard::Place(match group_id {
        Some(id) => format!("group:{id}"),
        None => "group:new".to_owned(),
    });
    let guard = Guard {
        declared,
        blocking: false,
    };
    guard::check_fields(db, user.id, &place, &fields, guard).await
}

/// Step 1 on a new group: it is created with its owner as first member.
pub async fn create(
    ctx: &AppContext,
    user: &CurrentUser,
    general: General,
    phi_declared: bool,
) -> AppResult<working_group::Model> {
    guarded(&ctx.db, user, None, &general, None, phi_declared).await?;
    let tags = lookups::tags(&ctx.db).await?;
    let mut content = Content::new(String::new(), String::new(), Vec::new());
    let required = General {
        title: Some(general.title.clone().unwrap_or_default()),
        summary: Some(general.summary.clone().unwrap_or_default()),
        tags: Some(general.tags.clone().unwrap_or_default()),
        ..general
    };
    content
        .apply_general(required, &tags)
        .map_err(AppError::Validation)?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let now = kernel::clock::now();
    let group = working_group::ActiveModel {
        slug: Set(slug::unique(&txn, &content.title).await?),
        title: Set(content.title.clone()),
        summary: Set(content.summary.clone()),
        created_by_id: Set(user.id),
        member_obligations: Set(content.member_obligations.clone()),
        members_count: Set(1),
        comments_count: Set(0),
        public_comments_count: Set(0),
        active_status: Set(ActiveStatus::Active),
        approved_status: Set(ApprovedStatus::WaitingForApproval),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let group = store_content(&txn, group, &content).await?;
    membership::add_owner(&txn, group.id, user.id).await?;
    txn.commit().await?;
    Ok(group)
}

/// Saves content the owner changed. An approved group keeps showing its approved version:
/// the change waits as pending changes for staff. A rejected group goes back for review.
async fn save(
    db: &impl ConnectionTrait,
    group: working_group::Model,
    content: &Content,
    submitted: bool,
) -> AppResult<working_group::Model> {
    if policy::is_approved(group.approved_status) {
        let unchanged = stored_content(db, &group).await? == *content;
        let mut active: working_group::ActiveModel = group.into();
        if unchanged {
            active.pending_changes = Set(None);
            active.approved_status = Set(ApprovedStatus::Approved);
        } else {
            active.pending_changes = Set(Some(to_json(content)?));
            active.approved_status = Set(ApprovedStatus::PendingApprovalForChanges);
        }
        active.updated_at = Set(kernel::clock::now());
        return Ok(active.update(db).await?);
    }
    let mut group = store_content(db, group, content).await?;
    if submitted {
        let mut active: working_group::ActiveModel = group.into();
        active.submitted_at = Set(Some(kernel::clock::now()));
        active.approved_status = Set(ApprovedStatus::WaitingForApproval);
        group = active.update(db).await?;
    }
    Ok(group)
}

/// Step 1 again (general) and/or step 3 (specifics, which submits the group for review).
pub async fn update(
    ctx: &AppContext,
    user: &CurrentUser,
    group_id: i64,
    general: General,
    specifics: Option<Specifics>,
    phi_declared: bool,
) -> AppResult<working_group::Model> {
    owned(&ctx.db, user, group_id).await?;
    guarded(
        &ctx.db,
        user,
        Some(group_id),
        &general,
        specifics.as_ref(),
        phi_declared,
    )
    .await?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let group = owned(&txn, user, group_id).await?;
    let mut content = working_content(&txn, &group).await?;
    content
        .apply_general(general, &lookups::tags(&txn).await?)
        .map_err(AppError::Validation)?;
    let submitted = specifics.is_some();
    if let Some(specifics) = specifics {
        let goals = lookups::goals(&txn).await?;
        let roles = lookups::roles(&txn).await?;
        content
            .apply_specifics(specifics, &goals, &roles)
            .map_err(AppError::Validation)?;
    }
    let group = save(&txn, group, &content, submitted).await?;
    txn.commit().await?;
    Ok(group)
}

/// Stores a new image (checked by content) as part of the owner's working content.
pub async fn set_image(
    ctx: &AppContext,
    user: &CurrentUser,
    group_id: i64,
    upload: Vec<u8>,
) -> AppResult<String> {
    let group = owned(&ctx.db, user, group_id).await?;
    let key = images::accept(
        ctx.storage.as_ref(),
        &image_folder(group.id),
        upload,
        IMAGE_SHAPE,
    )
    .await?;
    use_image(ctx, group, key).await
}

/// Where a group's pictures are stored.
pub fn image_folder(group_id: i64) -> String {
    format!("groups/{group_id}")
}

/// Makes an already stored picture the group's image (the wizard's draft, like any edit).
pub async fn set_stored_image(
    ctx: &AppContext,
    user: &CurrentUser,
    group_id: i64,
    key: String,
) -> AppResult<String> {
    let group = owned(&ctx.db, user, group_id).await?;
    use_image(ctx, group, key).await
}

async fn use_image(
    ctx: &AppContext,
    group: working_group::Model,
    key: String,
) -> AppResult<String> {
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let mut content = working_content(&txn, &group).await?;
    let replaced = content.image.replace(key.clone());
    let public = stored_content(&txn, &group).await?.image;
    let saved = save(&txn, group, &content, false).await?;
    txn.commit().await?;
    // The image this one replaces goes, unless the public (approved) version still shows it.
    let still_public = policy::is_approved(saved.approved_status) && replaced == public;
    if let Some(old) = replaced.filter(|_| !still_public) {
        discard_image(ctx, &old).await;
    }
    Ok(key)
}

/// Removes an image nobody shows any more; failing costs only disk space.
pub async fn discard_image(ctx: &AppContext, key: &str) {
    media::documents::discard(ctx.storage.as_ref(), key).await;
}

/// Deletes one of the caller's groups with everything that belongs to it.
pub async fn delete(ctx: &AppContext, user: &CurrentUser, group_id: i64) -> AppResult<()> {
    let group = owned(&ctx.db, user, group_id).await?;
    let image = group.image.clone();
    group.delete(&ctx.db).await?;
    if let Some(key) = image {
        discard_image(ctx, &key).await;
    }
    Ok(())
}

/// The groups the caller created, newest first, optionally searched by title.
pub async fn mine(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    search: Option<&str>,
    params: &PageParams,
) -> AppResult<Page<working_group::Model>> {
    let mut select = working_group::Entity::find()
        .filter(working_group::Column::CreatedById.eq(user.id))
        .order_by_desc(working_group::Column::CreatedAt)
        .order_by_desc(working_group::Column::Id);
    if let Some(condition) = search.and_then(super::browse::search_condition) {
        select = select.filter(condition);
    }
    kernel::pagination::paginate(db, select, params, MY_GROUPS_PER_PAGE).await
}
