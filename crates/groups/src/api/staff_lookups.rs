//! `/staff/lookups/{kind}`: project tags, group goals and industry-partner roles in the
//! staff console. Staff only (404 otherwise).

use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Long, Text};
use kernel::{AppContext, AppResult, Data, Staff};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::enums::LookupKind;
use crate::read::views::LookupItem;
use crate::service::lookups_admin;

/// An entry with how many groups use it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffLookupItem {
    #[serde(flatten)]
    pub item: LookupItem,
    pub groups: u64,
}

/// What staff write for an entry; a blank `slug` is made from the title (new entries) or
/// left as it is.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct LookupRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<100, Long>>)]
    pub title: Given<Text<100, Long>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<100>>)]
    pub slug: Option<Given<Text<100>>>,
}

impl LookupRequest {
    fn parts(self) -> AppResult<(String, Option<String>)> {
        Ok((
            self.title.value()?.into_string(),
            kernel::input::given_text(self.slug)?,
        ))
    }
}

/// List a lookup
///
/// Every entry of a lookup, with its use.
#[utoipa::path(
    operation_id = "staffListLookup",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(("kind" = inline(LookupKind), Path, description = "tags, goals or roles")),
    responses(
        (status = 200, description = "The entries.", body = Data<Vec<StaffLookupItem>>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/lookups/{kind}")]
pub async fn list(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    path: web::Path<LookupKind>,
) -> AppResult<web::Json<Data<Vec<StaffLookupItem>>>> {
    let entries = lookups_admin::list(&ctx.db, path.into_inner()).await?;
    Ok(Data::new(
        entries
            .into_iter()
            .map(|(entry, groups)| StaffLookupItem {
                item: LookupItem::from_entry(entry),
                groups,
            })
            .collect(),
    ))
}

/// Create a lookup entry
///
/// Adds an entry to a lookup (areas of interest, goals, industry-partner roles or project
/// tags).
#[utoipa::path(
    operation_id = "staffCreateLookup",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(("kind" = inline(LookupKind), Path, description = "tags, goals or roles")),
    request_body = LookupRequest,
    responses(
        (status = 201, description = "Created.", body = Data<LookupItem>),
        (status = 400, description = "Invalid fields or a taken slug.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/lookups/{kind}")]
pub async fn create(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<LookupKind>,
    body: ValidJson<LookupRequest>,
) -> AppResult<HttpResponse> {
    let (title, slug) = body.into_inner().parts()?;
    let saved = lookups_admin::save(&ctx, &staff, path.into_inner(), None, title, slug).await?;
    Ok(HttpResponse::Created().json(kernel::Data {
        data: LookupItem::from_entry(saved),
    }))
}

/// Update a lookup entry
///
/// Renames an entry of a lookup; groups that use it show the new name.
#[utoipa::path(
    operation_id = "staffUpdateLookup",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(
        ("kind" = inline(LookupKind), Path, description = "tags, goals or roles"),
        ("id" = i64, Path, description = "The entry's id"),
    ),
    request_body = LookupRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<LookupItem>),
        (status = 400, description = "Invalid fields or a taken slug.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such entry.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/lookups/{kind}/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(LookupKind, i64)>,
    body: ValidJson<LookupRequest>,
) -> AppResult<web::Json<Data<LookupItem>>> {
    let (kind, id) = path.into_inner();
    let (title, slug) = body.into_inner().parts()?;
    let saved = lookups_admin::save(&ctx, &staff, kind, Some(id), title, slug).await?;
    Ok(Data::new(LookupItem::from_entry(saved)))
}

/// Delete a lookup entry
///
/// Deletes an entry no group uses (409 otherwise, and always for `other`).
#[utoipa::path(
    operation_id = "staffDeleteLookup",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(
        ("kind" = inline(LookupKind), Path, description = "tags, goals or roles"),
        ("id" = i64, Path, description = "The entry's id"),
    ),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": lookups_admin::DELETED}})),
        (status = 404, description = "Not staff, or no such entry.", body = kernel::ErrorBody),
        (status = 409, description = "In use, or the fixed `other` entry.", body = kernel::ErrorBody),
    )
)]
#[delete("/staff/lookups/{kind}/{id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(LookupKind, i64)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (kind, id) = path.into_inner();
    lookups_admin::delete(&ctx, &staff, kind, id).await?;
    Ok(Data::new(MessageResponse {
        message: lookups_admin::DELETED.to_owned(),
    }))
}
