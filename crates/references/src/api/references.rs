use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use crate::entity::reference;
use crate::enums::{IdentifierKind, PlaceType};
use crate::identifiers::Identifier;
use crate::service;
use crate::target::Places;

/// A linked trial registration or publication.
#[derive(Debug, Serialize, ToSchema)]
pub struct Reference {
    pub id: i64,
    pub kind: IdentifierKind,
    /// The identifier in its canonical form, e.g. `NCT04280705` or `10.1056/NEJMoa2007764`.
    pub identifier: String,
    /// Its page at the registry: ClinicalTrials.gov, ISRCTN, doi.org or PubMed.
    pub url: String,
    /// Its title from the registry, when the operator allows the call and it answered.
    pub title: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl Reference {
    fn of(row: reference::Model) -> Self {
        let url = Identifier {
            kind: row.kind,
            value: row.identifier.clone(),
        }
        .url();
        Self {
            id: row.id,
            kind: row.kind,
            identifier: row.identifier,
            url,
            title: row.title,
            created_at: row.created_at,
        }
    }
}

/// A place's references and whether the caller may change them.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReferenceList {
    pub data: Vec<Reference>,
    /// The caller adds and removes references here.
    pub can_edit: bool,
}

/// Which place.
#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlaceQuery {
    pub place_type: PlaceType,
    pub place_id: i64,
}

/// Trials and publications
///
/// The registered trials and publications a working group or project links, oldest first.
#[utoipa::path(
    operation_id = "listReferences",
    tag = "references",
    security((), ("bearer" = [])),
    params(PlaceQuery),
    responses(
        (status = 200, description = "The references.", body = ReferenceList),
        (status = 404, description = "No such place, or hidden from the caller.", body = kernel::ErrorBody),
    )
)]
#[get("/references")]
pub async fn list(
    ctx: web::Data<AppContext>,
    places: web::Data<Places>,
    viewer: Option<CurrentUser>,
    query: web::Query<PlaceQuery>,
) -> AppResult<web::Json<ReferenceList>> {
    let (found, standing) = service::list(
        &ctx,
        &places,
        query.place_type,
        query.place_id,
        viewer.as_ref(),
    )
    .await?;
    Ok(web::Json(ReferenceList {
        data: found.into_iter().map(Reference::of).collect(),
        can_edit: crate::policy::may_edit(standing),
    }))
}

/// What to link.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct NewReference {
    pub place_type: PlaceType,
    pub place_id: i64,
    /// An NCT number, an ISRCTN, a DOI or a PubMed id, bare or as the registry's link (at
    /// most 300 characters).
    pub identifier: String,
}

/// Link a trial or publication
///
/// Links a registered trial or a publication to a working group (its owner and moderators)
/// or a project (its owner); staff link anywhere. The identifier is checked by its scheme's
/// format; nothing is fetched from the registries.
#[utoipa::path(
    operation_id = "addReference",
    tag = "references",
    security(("bearer" = [])),
    request_body = NewReference,
    responses(
        (status = 201, description = "Linked.", body = Data<Reference>),
        (status = 400, description = "Not an identifier of a known scheme, or malformed for its scheme.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "The caller does not edit this place.", body = kernel::ErrorBody),
        (status = 404, description = "No such place, or hidden from the caller.", body = kernel::ErrorBody),
        (status = 409, description = "Already linked here, or the place links 20 already.", body = kernel::ErrorBody),
    )
)]
#[post("/references")]
pub async fn add(
    ctx: web::Data<AppContext>,
    places: web::Data<Places>,
    user: CurrentUser,
    body: ValidJson<NewReference>,
) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    let saved = service::add(
        &ctx,
        &places,
        &user,
        body.place_type,
        body.place_id,
        &body.identifier,
    )
    .await?;
    Ok(HttpResponse::Created().json(Data {
        data: Reference::of(saved),
    }))
}

/// Remove a trial or publication
///
/// Removes a reference from its place (those who edit the place).
#[utoipa::path(
    operation_id = "removeReference",
    tag = "references",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The reference's id")),
    responses(
        (status = 200, description = "Removed.", body = Data<MessageResponse>, example = json!({"data": {"message": service::REMOVED}})),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "The caller does not edit its place.", body = kernel::ErrorBody),
        (status = 404, description = "No such reference, or its place is hidden from the caller.", body = kernel::ErrorBody),
    )
)]
#[delete("/references/{id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    places: web::Data<Places>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    service::remove(&ctx, &places, &user, path.into_inner()).await?;
    Ok(MessageResponse::data(service::REMOVED))
}
