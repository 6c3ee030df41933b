//! Supplementary materials (spec 2 §2, §4, §5): documents checked by content, links with a
//! label and a valid url. Owners and moderators edit them; whoever sees the group reads them.

use kernel::upload::FILE_FIELD;
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use media::documents;
use media::files::FileKind;
use media::images::Shape;
use phi::guard::{self, Guard};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, ModelTrait, QueryFilter,
    QueryOrder, Set,
};

use super::{detail, membership};
use crate::entity::{material, working_group};
use crate::enums::{MaterialKind, MaterialType};

pub const REQUIRED: &str = kernel::validation::REQUIRED_SHORT;
pub const KIND_FIXED: &str = "The type of a saved item cannot be changed.";

/// Spec 2 §9: image thumbnails are 240 wide.
const THUMBNAIL: Shape = Shape {
    max_width: 1600,
    thumbnail_side: 240,
};

/// What a new or edited item carries.
#[derive(Debug, Clone, Default)]
pub struct Input {
    pub kind: Option<MaterialKind>,
    pub label: Option<String>,
    pub url: Option<String>,
    pub file: Option<Vec<u8>>,
    pub file_name: Option<String>,
    /// The uploader declared they may share what the patient-data guardrail found.
    pub phi_declared: bool,
}

fn text(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// A group's materials are seen only by those who may see the group: never under
/// `/media`, only through signed links (`kernel::file_links`).
pub fn is_private_file(key: &str) -> bool {
    let mut parts = key.split('/');
    parts.next() == Some("groups")
        && parts.next().is_some_and(|id| id.parse::<i64>().is_ok())
        && parts.next() == Some("materials")
}

fn valid_url(url: &str) -> bool {
    kernel::links::WebUrl::absolute(url).is_ok()
}

/// A group the viewer may see, for the public list.
pub async fn list_public(
    db: &impl ConnectionTrait,
    group_id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<Vec<material::Model>> {
    let group = detail::by_id(db, group_id).await?;
    detail::by_slug(db, &group.slug, viewer).await?;
    list(db, group_id).await
}

async fn list(db: &impl ConnectionTrait, group_id: i64) -> AppResult<Vec<material::Model>> {
    Ok(material::Entity::find()
        .filter(material::Column::GroupId.eq(group_id))
        .order_by_asc(material::Column::Id)
        .all(db)
        .await?)
}

/// The group, if the caller edits its materials (owner or moderator); 404 otherwise.
async fn editable(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    group_id: i64,
) -> AppResult<working_group::Model> {
    let group = detail::by_id(db, group_id).await?;
    let role = membership::role_of(db, group.id, Some(user.id)).await?;
    if !crate::policy::may_curate(role) {
        return Err(AppError::not_found());
    }
    Ok(group)
}

/// The items of a group the caller edits.
pub async fn list_editable(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    group_id: i64,
) -> AppResult<Vec<material::Model>> {
    editable(db, user, group_id).await?;
    list(db, group_id).await
}

/// Stores a document's file: pictures re-encoded with a thumbnail, GIFs and PDFs as sent.
async fn store_file(
    ctx: &AppContext,
    group_id: i64,
    bytes: Vec<u8>,
) -> AppResult<(String, MaterialType)> {
    let folder = format!("groups/{group_id}/materials");
    let stored =
        documents::store(ctx.storage.as_ref(), &folder, bytes, THUMBNAIL, FILE_FIELD).await?;
    let kind = match stored.kind {
        FileKind::Jpeg | FileKind::Png => MaterialType::Image,
        FileKind::Gif => MaterialType::Gif,
        FileKind::Pdf => MaterialType::Pdf,
    };
    Ok((stored.key, kind))
}

fn check_link(label: &Option<String>, url: &Option<String>) -> AppResult<()> {
    let mut errors = kernel::error::FieldErrors::new();
    if label.is_none() {
        errors.insert("label".into(), vec![REQUIRED.into()]);
    }
    match url {
        None => {
            errors.insert("url".into(), vec![REQUIRED.into()]);
        }
        Some(url) if !valid_url(url) => {
            errors.insert("url".into(), vec![kernel::links::NOT_A_URL.into()]);
        }
        Some(_) => {}
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::Validation(errors))
    }
}

/// Adds a document (from its file) or a link.
pub async fn create(
    ctx: &AppContext,
    user: &CurrentUser,
    group_id: i64,
    input: Input,
) -> AppResult<material::Model> {
    let group = editable(&ctx.db, user, group_id).await?;
    let label = text(input.label);
    let url = text(input.url);
    let kind = input.kind.unwrap_or(if input.file.is_some() {
        MaterialKind::Document
    } else {
        MaterialKind::Link
    });
    let mut item = material::ActiveModel {
        group_id: Set(group_id),
        kind: Set(kind),
        created_by_id: Set(user.id),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    };
    match kind {
        MaterialKind::Link => {
            check_link(&label, &url)?;
            item.label = Set(label);
            item.url = Set(url);
            item.file_type = Set(Some(MaterialType::Link));
        }
        MaterialKind::Document => {
            let bytes = input
                .file
                .ok_or_else(|| AppError::field(FILE_FIELD, "No file was submitted."))?;
            let name = text(input.file_name.clone()).unwrap_or_else(|| "The file".to_owned());
            guarded(ctx, user, &group, &name, &bytes, input.phi_declared).await?;
            let (key, file_type) = store_file(ctx, group_id, bytes).await?;
            item.file_key = Set(Some(key));
            item.file_type = Set(Some(file_type));
            item.file_name = Set(text(input.file_name));
            item.label = Set(label);
        }
    }
    Ok(item.insert(&ctx.db).await?)
}

/// Issue 24 §1: what a document publishes besides what it shows (a PDF's text layer and
/// metadata) passes the patient-data guardrail, or carries the uploader's declaration; the
/// group's owner may have made the check blocking.
async fn guarded(
    ctx: &AppContext,
    user: &CurrentUser,
    group: &working_group::Model,
    name: &str,
    bytes: &[u8],
    declared: bool,
) -> AppResult<()> {
    let seen = phi::pooled::inspect(bytes.to_vec()).await?;
    let published = [guard::Published {
        field: FILE_FIELD,
        text: &seen.published,
        file: Some(name),
    }];
    let guard = Guard {
        declared,
        blocking: group.phi_blocking,
    };
    let at = guard::Place(format!("group_material:{}", group.id));
    guard::check_fields(&ctx.db, user.id, &at, &published, guard).await
}

async fn find(db: &impl ConnectionTrait, group_id: i64, id: i64) -> AppResult<material::Model> {
    material::Entity::find_by_id(id)
        .filter(material::Column::GroupId.eq(group_id))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Changes a link's label and url, or a document's label and name; the type stays.
pub async fn update(
    ctx: &AppContext,
    user: &CurrentUser,
    group_id: i64,
    id: i64,
    input: Input,
) -> AppResult<material::Model> {
    editable(&ctx.db, user, group_id).await?;
    let item = find(&ctx.db, group_id, id).await?;
    if input.kind.is_some_and(|k| k != item.kind) || input.file.is_some() {
        return Err(AppError::field("type", KIND_FIXED));
    }
    let is_link = item.kind == MaterialKind::Link;
    let mut active: material::ActiveModel = item.into();
    if is_link {
        let label = text(input.label);
        let url = text(input.url);
        check_link(&label, &url)?;
        active.label = Set(label);
        active.url = Set(url);
    } else {
        active.label = Set(text(input.label));
        if let Some(name) = text(input.file_name) {
            active.file_name = Set(Some(name));
        }
    }
    Ok(active.update(&ctx.db).await?)
}

/// Removes an item and its file.
pub async fn delete(ctx: &AppContext, user: &CurrentUser, group_id: i64, id: i64) -> AppResult<()> {
    editable(&ctx.db, user, group_id).await?;
    let item = find(&ctx.db, group_id, id).await?;
    let key = item.file_key.clone();
    item.delete(&ctx.db).await?;
    if let Some(key) = key {
        documents::discard(ctx.storage.as_ref(), &key).await;
    }
    Ok(())
}
