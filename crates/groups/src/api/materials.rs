use actix_web::{delete, get, post, put, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Given, Text, VideoUrl, given_text};
use kernel::upload::{FILE_FIELD, FormFields};
use kernel::users::UserSummary;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::entity::material;
use crate::enums::{MaterialKind, MaterialType};
use crate::service::materials::{self, Input};

/// A supplementary item as lists show it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Material {
    pub id: i64,
    /// The group it belongs to.
    pub item_id: i64,
    /// `document` or `link`: how it is edited.
    pub kind: MaterialKind,
    /// `image`, `gif`, `pdf` or `link`: what it is.
    #[serde(rename = "type")]
    pub material_type: MaterialType,
    /// A document's file name.
    pub name: Option<String>,
    pub label: Option<String>,
    /// A link's address.
    pub url: Option<String>,
    /// A document's address.
    pub file_url: Option<String>,
    /// An image's thumbnail (240 wide).
    pub thumbnail_url: Option<String>,
    pub created_by: Option<UserSummary>,
    pub created_at: DateTime<Utc>,
}

/// A document (`file`, with `file_name`) or a link (`label`, `url`, `type` = `link`).
/// How the multipart form looks in the API contract.
#[derive(Debug, ToSchema)]
pub struct MaterialUpload {
    /// A JPEG, PNG, GIF or PDF (checked by content), at most 8 MB.
    #[schema(value_type = String, format = Binary, required = false)]
    pub file: Option<Vec<u8>>,
    #[schema(nullable = false)]
    pub file_name: Option<String>,
    #[schema(nullable = false)]
    pub label: Option<String>,
    #[schema(nullable = false)]
    pub url: Option<String>,
    #[schema(value_type = MaterialKind, required = false)]
    pub r#type: Option<String>,
    /// `true`: the uploader declares they may share what the patient-data guardrail found in
    /// the document's text layer or metadata (issue 24 §1); without it, such a document is
    /// refused. Left out: `false`.
    #[schema(nullable = false)]
    pub phi_declared: Option<bool>,
}

/// Changes to a saved item; its type stays.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct MaterialChange {
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub label: Option<Given<Text<255>>>,
    /// A link's address (http or https).
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<VideoUrl>)]
    pub url: Option<Given<VideoUrl>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub file_name: Option<Given<Text<255>>>,
    #[serde(rename = "type")]
    pub kind: Option<MaterialKind>,
}

async fn views(ctx: &AppContext, items: Vec<material::Model>) -> AppResult<Vec<Material>> {
    let creators: Vec<i64> = items.iter().map(|m| m.created_by_id).collect();
    let users = ctx.users.summaries(&creators).await?;
    Ok(items
        .into_iter()
        .map(|m| {
            let material_type = m.file_type.unwrap_or(MaterialType::Link);
            Material {
                id: m.id,
                item_id: m.group_id,
                kind: m.kind,
                thumbnail_url: m
                    .file_key
                    .as_deref()
                    .filter(|_| material_type == MaterialType::Image)
                    .map(|k| ctx.file_links.url(&media::images::thumbnail_key(k))),
                file_url: m.file_key.as_deref().map(|k| ctx.file_links.url(k)),
                material_type,
                name: m.file_name,
                label: m.label,
                url: m.url,
                created_by: users.get(&m.created_by_id).cloned(),
                created_at: m.created_at,
            }
        })
        .collect())
}

async fn one(ctx: &AppContext, item: material::Model) -> AppResult<web::Json<Data<Material>>> {
    let mut list = views(ctx, vec![item]).await?;
    Ok(Data::new(list.remove(0)))
}

/// List a group's materials
///
/// A group's supplementary materials, for whoever may see the group.
#[utoipa::path(
    operation_id = "listGroupMaterials",
    tag = "groups",
    security((), ("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id")),
    responses(
        (status = 200, description = "The materials, oldest first.", body = Data<Vec<Material>>),
        (status = 404, description = "No such group, or hidden from the viewer.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{group_id}/supplementary-materials")]
pub async fn list_public(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<Vec<Material>>>> {
    let items = materials::list_public(&ctx.db, path.into_inner(), viewer.as_ref()).await?;
    Ok(Data::new(views(&ctx, items).await?))
}

/// Manage a group's materials
///
/// The materials of a group the caller edits (owner or moderator).
#[utoipa::path(
    operation_id = "listMyGroupMaterials",
    tag = "groups",
    security(("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id")),
    responses(
        (status = 200, description = "The materials.", body = Data<Vec<Material>>),
        (status = 404, description = "Not the caller's group to edit.", body = kernel::ErrorBody),
    )
)]
#[get("/me/groups/{group_id}/supplementary-materials")]
pub async fn list_editable(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<Vec<Material>>>> {
    let items = materials::list_editable(&ctx.db, &user, path.into_inner()).await?;
    Ok(Data::new(views(&ctx, items).await?))
}

/// Add a material
///
/// Adds a document or a link.
#[utoipa::path(
    operation_id = "createGroupMaterial",
    tag = "groups",
    security(("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id")),
    request_body(content = MaterialUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The new item.", body = Data<Material>),
        (status = 400, description = "Unsupported file, or a link without label or valid url.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's group to edit.", body = kernel::ErrorBody),
    )
)]
#[post("/me/groups/{group_id}/supplementary-materials")]
pub async fn create(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    mut form: FormFields,
) -> AppResult<web::Json<Data<Material>>> {
    let kind = match form.text("type") {
        Some(text) => Some(
            MaterialKind::parse(text.trim())
                .ok_or_else(|| kernel::AppError::field("type", "Choose document or link."))?,
        ),
        None => None,
    };
    let input = Input {
        kind,
        label: form.text("label"),
        url: form.text("url"),
        file: form.file(FILE_FIELD),
        file_name: form.text("file_name"),
        phi_declared: form.boolean("phi_declared")?.unwrap_or(false),
    };
    let item = materials::create(&ctx, &user, path.into_inner(), input).await?;
    one(&ctx, item).await
}

/// Change a material
///
/// Changes an item's label and url (links) or label and name (documents).
#[utoipa::path(
    operation_id = "updateGroupMaterial",
    tag = "groups",
    security(("bearer" = [])),
    params(
        ("group_id" = i64, Path, description = "The group's id"),
        ("id" = i64, Path, description = "The item's id"),
    ),
    request_body = MaterialChange,
    responses(
        (status = 200, description = "The item.", body = Data<Material>),
        (status = 400, description = "Invalid input, or a change of type.", body = kernel::ErrorBody),
        (status = 404, description = "No such item in the caller's group.", body = kernel::ErrorBody),
    )
)]
#[put("/me/groups/{group_id}/supplementary-materials/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
    body: ValidJson<MaterialChange>,
) -> AppResult<web::Json<Data<Material>>> {
    let (group_id, id) = path.into_inner();
    let body = body.into_inner();
    let input = Input {
        kind: body.kind,
        label: given_text(body.label)?,
        url: given_text(body.url)?,
        file: None,
        file_name: given_text(body.file_name)?,
        // No new document: nothing the guardrail reads in files.
        phi_declared: false,
    };
    let item = materials::update(&ctx, &user, group_id, id, input).await?;
    one(&ctx, item).await
}

/// Remove a material
///
/// Removes an item, and a document's file with it.
#[utoipa::path(
    operation_id = "deleteGroupMaterial",
    tag = "groups",
    security(("bearer" = [])),
    params(
        ("group_id" = i64, Path, description = "The group's id"),
        ("id" = i64, Path, description = "The item's id"),
    ),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": "Successfully deleted"}})),
        (status = 404, description = "No such item in the caller's group.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/groups/{group_id}/supplementary-materials/{id}")]
pub async fn delete(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (group_id, id) = path.into_inner();
    materials::delete(&ctx, &user, group_id, id).await?;
    Ok(Data::new(MessageResponse {
        message: "Successfully deleted".to_owned(),
    }))
}
