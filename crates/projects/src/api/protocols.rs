//! Registered protocols (issue 50 §1): the public record of every version (its difference
//! from another, its DataCite XML and its PDF record), and the owner's uploads and
//! registrations under `/me/projects/{id}/protocol`.

use actix_web::{HttpResponse, delete, get, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Reason};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use crate::read::protocols::{self as read, OwnProtocol, ProjectProtocol, ProtocolFile};
use crate::service::protocols::diff::{self, ProtocolDiff};
use crate::service::protocols::register::{ProtocolText, Registration};
use crate::service::protocols::{self as service, exports, files};
use crate::service::{browse, ownership};

/// Get a project's protocol
///
/// Every registered version of the project's protocol, newest first, each with the document
/// its hash covers and its audit chain entry. Public once the project is; its owner and
/// staff see it before.
#[utoipa::path(
    operation_id = "getProjectProtocol",
    tag = "projects",
    security((), ("bearer" = [])),
    params(("slug" = String, Path, description = "The project's address")),
    responses(
        (status = 200, description = "The protocol (no versions while none is registered).", body = Data<ProjectProtocol>),
        (status = 404, description = "No such project, or not public yet.", body = kernel::ErrorBody),
    )
)]
#[get("/projects/{slug}/protocol")]
pub async fn public(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<ProjectProtocol>>> {
    let found = browse::by_slug(&ctx.db, &path, viewer.as_ref()).await?;
    Ok(Data::new(read::protocol(&ctx, &found).await?))
}

/// Which versions to compare.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Versions {
    /// The earlier version.
    #[param(minimum = 1)]
    pub from: i32,
    /// The later version.
    #[param(minimum = 2)]
    pub to: i32,
}

pub const NOT_EARLIER: &str = "Compare an earlier version with a later one.";
pub const NO_SUCH_VERSION: &str = "This protocol has no such version.";

/// Compare two protocol versions
///
/// The side-by-side difference between two registered versions: paragraph by paragraph and
/// file by file, with the later version's reason.
#[utoipa::path(
    operation_id = "compareProtocolVersions",
    tag = "projects",
    security((), ("bearer" = [])),
    params(("slug" = String, Path, description = "The project's address"), Versions),
    responses(
        (status = 200, description = "The difference.", body = Data<ProtocolDiff>),
        (status = 400, description = "`from` is not before `to`, or a version does not exist.", body = kernel::ErrorBody),
        (status = 404, description = "No such project, or not public yet.", body = kernel::ErrorBody),
    )
)]
#[get("/projects/{slug}/protocol/diff")]
pub async fn compare(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<String>,
    query: web::Query<Versions>,
) -> AppResult<web::Json<Data<ProtocolDiff>>> {
    if query.from >= query.to {
        return Err(AppError::field("from", NOT_EARLIER));
    }
    let found = browse::by_slug(&ctx.db, &path, viewer.as_ref()).await?;
    let protocol = read::protocol(&ctx, &found).await?;
    let version = |n: i32, field: &str| {
        protocol
            .versions
            .iter()
            .find(|v| v.version == n)
            .ok_or_else(|| AppError::field(field, NO_SUCH_VERSION))
    };
    Ok(Data::new(diff::compare(
        version(query.from, "from")?,
        version(query.to, "to")?,
    )))
}

/// A version of the protocol at `slug` and its owner's name.
async fn one_version(
    ctx: &AppContext,
    viewer: Option<&CurrentUser>,
    slug: &str,
    version: i32,
) -> AppResult<(crate::entity::project::Model, String, read::ProtocolVersion)> {
    let found = browse::by_slug(&ctx.db, slug, viewer).await?;
    let v = read::protocol(ctx, &found)
        .await?
        .versions
        .into_iter()
        .find(|v| v.version == version)
        .ok_or_else(AppError::not_found)?;
    let owner = ctx
        .users
        .summaries(&[found.owner_id])
        .await?
        .remove(&found.owner_id)
        .map(|u| u.name)
        .unwrap_or_default();
    Ok((found, owner, v))
}

/// What a registered version downloads as.
#[derive(Clone, Copy)]
enum Export {
    DataCite,
    Record,
}

/// Version `version` of the protocol at `slug` as the file `kind`.
async fn export(
    ctx: &AppContext,
    viewer: Option<&CurrentUser>,
    (slug, version): (String, i32),
    kind: Export,
) -> AppResult<HttpResponse> {
    let (found, owner, v) = one_version(ctx, viewer, &slug, version).await?;
    let (content_type, extension, body) = match kind {
        Export::DataCite => (
            "application/xml; charset=utf-8",
            "xml",
            exports::datacite(ctx, &found, &owner, &v).into_bytes(),
        ),
        Export::Record => (
            "application/pdf",
            "pdf",
            exports::record_pdf(ctx, &found, &owner, &v)?,
        ),
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"protocol-{}-v{version}.{extension}\"",
                found.id
            ),
        ))
        .body(body))
}

/// A protocol version's DataCite XML
///
/// The registration's metadata as DataCite XML (kernel 4.5), for an institution to mint a
/// DOI with (DataCite assigns the identifier).
#[utoipa::path(
    operation_id = "getProtocolDataCite",
    tag = "projects",
    security((), ("bearer" = [])),
    params(
        ("slug" = String, Path, description = "The project's address"),
        ("version" = i32, Path, description = "The version"),
    ),
    responses(
        (status = 200, description = "The metadata.", content_type = "application/xml", body = String),
        (status = 404, description = "No such project or version.", body = kernel::ErrorBody),
    )
)]
#[get("/projects/{slug}/protocol/versions/{version}/datacite.xml")]
pub async fn datacite(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<(String, i32)>,
) -> AppResult<HttpResponse> {
    export(&ctx, viewer.as_ref(), path.into_inner(), Export::DataCite).await
}

/// A protocol version's PDF record
///
/// A one-page PDF of the registration: the project, the version, when, why, its files and
/// its content hash with the audit chain entry.
#[utoipa::path(
    operation_id = "getProtocolRecord",
    tag = "projects",
    security((), ("bearer" = [])),
    params(
        ("slug" = String, Path, description = "The project's address"),
        ("version" = i32, Path, description = "The version"),
    ),
    responses(
        (status = 200, description = "The record.", content_type = "application/pdf", body = String),
        (status = 404, description = "No such project or version.", body = kernel::ErrorBody),
    )
)]
#[get("/projects/{slug}/protocol/versions/{version}/record.pdf")]
pub async fn record(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<(String, i32)>,
) -> AppResult<HttpResponse> {
    export(&ctx, viewer.as_ref(), path.into_inner(), Export::Record).await
}

/// My project's protocol
///
/// The owner's view: every version, the files waiting for the next registration, and
/// whether they may register now.
#[utoipa::path(
    operation_id = "getMyProjectProtocol",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "The protocol.", body = Data<OwnProtocol>),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[get("/me/projects/{id}/protocol")]
pub async fn mine(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<OwnProtocol>>> {
    let found = ownership::owned(&ctx.db, &user, *path).await?;
    Ok(Data::new(read::own(&ctx, &found).await?))
}

/// A registration: the protocol's text, the files in order, and, for an amendment, why
/// and which version it amends.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ProtocolRegistration {
    /// HTML.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<ProtocolText>)]
    pub body: Given<ProtocolText>,
    /// Why the protocol is amended: required for an amendment, left out for version 1.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Reason>)]
    pub reason: Option<Given<Reason>>,
    /// The version being amended, as the owner last saw it (left out for the first).
    pub amends: Option<i32>,
    /// The files, in order: ids of uploads waiting, or of an earlier version's files to
    /// keep; at most 10.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub file_ids: Vec<i64>,
}

/// Register the protocol
///
/// Registers the owner's protocol as its next version: frozen, timestamped and hashed, the
/// hash written into the audit chain. An amendment gives its reason and the version it
/// amends.
#[utoipa::path(
    operation_id = "registerProtocol",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body = ProtocolRegistration,
    responses(
        (status = 201, description = "Registered; the protocol as it now stands.", body = Data<OwnProtocol>),
        (status = 400, description = "No text, a reason missing (an amendment) or given (the first), a file not this project's, or the project is suspended.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
        (status = 409, description = "A version was registered since the owner opened the protocol.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{id}/protocol")]
pub async fn register(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<ProtocolRegistration>,
) -> AppResult<HttpResponse> {
    let ProtocolRegistration {
        body,
        reason,
        amends,
        file_ids,
    } = body.into_inner();
    let registration = Registration {
        body: body.value()?.into_string(),
        reason: kernel::input::given_text(reason)?,
        amends,
        file_ids,
    };
    service::register::register(&ctx, &user, *path, registration).await?;
    let found = ownership::owned(&ctx.db, &user, *path).await?;
    Ok(HttpResponse::Created().json(Data::new(read::own(&ctx, &found).await?)))
}

/// Upload a protocol file
///
/// Stores a PDF (multipart field `file`, checked by content) for the next registration.
#[utoipa::path(
    operation_id = "uploadProtocolFile",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored, waiting for the next registration.", body = Data<ProtocolFile>),
        (status = 400, description = "Not a PDF, too large, no file, or 10 already wait.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{id}/protocol/files")]
pub async fn upload(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    form: SingleFile,
) -> AppResult<HttpResponse> {
    let saved = files::upload(&ctx, &user, *path, &form.filename, form.bytes).await?;
    Ok(HttpResponse::Created().json(Data::new(read::file_view(&ctx, &saved))))
}

/// Remove a protocol file
///
/// Removes an upload still waiting for a registration (a registered file stays).
#[utoipa::path(
    operation_id = "removeProtocolFile",
    tag = "projects",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The project's id"),
        ("file_id" = i64, Path, description = "The file's id"),
    ),
    responses(
        (status = 204, description = "Removed."),
        (status = 400, description = "The file is registered.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project or file.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/projects/{id}/protocol/files/{file_id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    let (id, file_id) = path.into_inner();
    files::remove(&ctx, &user, id, file_id).await?;
    Ok(HttpResponse::NoContent().finish())
}
