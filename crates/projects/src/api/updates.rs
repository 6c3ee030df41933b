//! Project updates (spec 2 §7): the owner's calls under `/me/projects/{project_id}/posts`,
//! the public list on the project's page, and the staff queue.

use actix_web::{HttpResponse, get, patch, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Reason};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data, Page, PageParams, Staff};
use owner_updates::{OwnerUpdate, UpdateRequest};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::entity::update;
use crate::service::updates;

/// A project update.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectUpdate {
    #[serde(flatten)]
    pub update: OwnerUpdate,
    pub project_id: i64,
}

/// An update waiting for staff, with the project it belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffProjectUpdate {
    #[serde(flatten)]
    pub update: ProjectUpdate,
    pub project_slug: String,
    pub project_title: String,
}

/// Staff's reason, which the author reads.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct UpdateReviewRequest {
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Reason>)]
    pub reason: Option<Given<Reason>>,
}

async fn views(ctx: &AppContext, items: Vec<update::Model>) -> AppResult<Vec<ProjectUpdate>> {
    Ok(owner_updates::views::<update::Entity>(ctx, &items)
        .await?
        .into_iter()
        .map(|v| ProjectUpdate {
            project_id: v.owner_id,
            update: v.update,
        })
        .collect())
}

async fn view(ctx: &AppContext, item: update::Model) -> AppResult<ProjectUpdate> {
    views(ctx, vec![item])
        .await?
        .pop()
        .ok_or_else(AppError::not_found)
}

async fn page(ctx: &AppContext, page: Page<update::Model>) -> AppResult<Page<ProjectUpdate>> {
    let Page { data, pagination } = page;
    Ok(Page {
        data: views(ctx, data).await?,
        pagination,
    })
}

/// Manage a project's updates
///
/// Every update of one of the caller's projects, newest first (99 a page).
#[utoipa::path(
    operation_id = "listMyProjectUpdates",
    tag = "projects",
    security(("bearer" = [])),
    params(("project_id" = i64, Path, description = "The project's id"), PageParams),
    responses(
        (status = 200, description = "The project's updates.", body = Page<ProjectUpdate>),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[get("/me/projects/{project_id}/posts")]
pub async fn mine(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ProjectUpdate>>> {
    let (_, found) = updates::mine(&ctx.db, &user, *path, &params).await?;
    Ok(web::Json(page(&ctx, found).await?))
}

/// Write a project update
///
/// Writes an update on one of the caller's live projects; it waits for staff.
#[utoipa::path(
    operation_id = "createProjectUpdate",
    tag = "projects",
    security(("bearer" = [])),
    params(("project_id" = i64, Path, description = "The project's id")),
    request_body = UpdateRequest,
    responses(
        (status = 201, description = "The new update.", body = Data<ProjectUpdate>),
        (status = 400, description = "A field is missing or too long, or the project is not live.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{project_id}/posts")]
pub async fn create(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<UpdateRequest>,
) -> AppResult<HttpResponse> {
    let (draft, _) = body.into_inner().draft()?;
    let item = updates::create(&ctx, &user, *path, draft).await?;
    Ok(HttpResponse::Created().json(Data::new(view(&ctx, item).await?)))
}

/// Get a project update to edit
///
/// One update of one of the caller's projects.
#[utoipa::path(
    operation_id = "getMyProjectUpdate",
    tag = "projects",
    security(("bearer" = [])),
    params(("project_id" = i64, Path, description = "The project's id"), ("id" = i64, Path, description = "The update's id")),
    responses(
        (status = 200, description = "The update.", body = Data<ProjectUpdate>),
        (status = 404, description = "No such update on the caller's project.", body = kernel::ErrorBody),
    )
)]
#[get("/me/projects/{project_id}/posts/{id}")]
pub async fn get(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
) -> AppResult<web::Json<Data<ProjectUpdate>>> {
    let (project_id, id) = path.into_inner();
    let item = updates::one(&ctx.db, &user, project_id, id).await?;
    Ok(Data::new(view(&ctx, item).await?))
}

/// Get a project update to edit, by its id alone
///
/// One update of one of the caller's projects, named by the update only (the spec's
/// `/project-updates/edit/{id}`): its `project_id` names the project for the edit.
#[utoipa::path(
    operation_id = "getMyProjectUpdateById",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The update's id")),
    responses(
        (status = 200, description = "The update.", body = Data<ProjectUpdate>),
        (status = 404, description = "No such update on any of the caller's projects.", body = kernel::ErrorBody),
    )
)]
#[get("/me/project-posts/{id}")]
pub async fn get_by_id(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ProjectUpdate>>> {
    let item = updates::by_id(&ctx.db, &user, *path).await?;
    Ok(Data::new(view(&ctx, item).await?))
}

/// Edit a project update
///
/// Changes an update (`image: null` removes its picture); it goes back to staff.
#[utoipa::path(
    operation_id = "updateProjectUpdate",
    tag = "projects",
    security(("bearer" = [])),
    params(("project_id" = i64, Path, description = "The project's id"), ("id" = i64, Path, description = "The update's id")),
    request_body = UpdateRequest,
    responses(
        (status = 200, description = "The update as saved.", body = Data<ProjectUpdate>),
        (status = 400, description = "A field is missing or too long, or the project is not live.", body = kernel::ErrorBody),
        (status = 404, description = "No such update on the caller's project.", body = kernel::ErrorBody),
    )
)]
#[patch("/me/projects/{project_id}/posts/{id}")]
pub async fn edit(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
    body: ValidJson<UpdateRequest>,
) -> AppResult<web::Json<Data<ProjectUpdate>>> {
    let (project_id, id) = path.into_inner();
    let (draft, clear_image) = body.into_inner().draft()?;
    let item = updates::edit(&ctx, &user, project_id, id, draft, clear_image).await?;
    Ok(Data::new(view(&ctx, item).await?))
}

/// Set a project update's picture
///
/// Sets an update's picture (multipart field `file`; a JPEG or PNG checked by content).
#[utoipa::path(
    operation_id = "setProjectUpdateImage",
    tag = "projects",
    security(("bearer" = [])),
    params(("project_id" = i64, Path, description = "The project's id"), ("id" = i64, Path, description = "The update's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The update with its picture.", body = Data<ProjectUpdate>),
        (status = 400, description = "Not a JPEG or PNG image, too large, or no file.", body = kernel::ErrorBody),
        (status = 404, description = "No such update on the caller's project.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{project_id}/posts/{id}/set-image")]
pub async fn set_image(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
    form: SingleFile,
) -> AppResult<web::Json<Data<ProjectUpdate>>> {
    let (project_id, id) = path.into_inner();
    let item = updates::set_image(&ctx, &user, project_id, id, form.bytes).await?;
    Ok(Data::new(view(&ctx, item).await?))
}

/// List a project's updates
///
/// The approved updates of a public project, newest first (10 a page).
#[utoipa::path(
    operation_id = "listProjectUpdates",
    tag = "projects",
    params(("slug" = String, Path, description = "The project's address"), PageParams),
    responses(
        (status = 200, description = "Approved updates.", body = Page<ProjectUpdate>),
        (status = 404, description = "No such public project.", body = kernel::ErrorBody),
    )
)]
#[get("/projects/{slug}/updates")]
pub async fn approved(
    ctx: web::Data<AppContext>,
    path: web::Path<String>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ProjectUpdate>>> {
    let found = updates::approved(&ctx.db, &path, &params).await?;
    Ok(web::Json(page(&ctx, found).await?))
}

/// Project updates to review
///
/// Project updates waiting for staff, the longest waiting first.
#[utoipa::path(
    operation_id = "staffProjectUpdateQueue",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of updates to review.", body = Page<StaffProjectUpdate>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/project-updates")]
pub async fn queue(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffProjectUpdate>>> {
    let Page { data, pagination } = updates::queue(&ctx.db, &params).await?;
    let projects = updates::projects_of(&ctx.db, &data).await?;
    let data = views(&ctx, data)
        .await?
        .into_iter()
        .filter_map(|update| {
            let project = projects.get(&update.project_id)?;
            Some(StaffProjectUpdate {
                project_slug: project.slug.clone(),
                project_title: project.title.clone(),
                update,
            })
        })
        .collect();
    Ok(web::Json(Page { data, pagination }))
}

/// Review a project update
///
/// Approves or rejects a project update (`action` is `approve` or `reject`); audited.
#[utoipa::path(
    operation_id = "staffReviewProjectUpdate",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The update's id"), ("action" = inline(owner_updates::Review), Path, description = "approve or reject")),
    request_body = UpdateReviewRequest,
    responses(
        (status = 200, description = "Reviewed.", body = Data<ProjectUpdate>),
        (status = 404, description = "Not staff, no such update or action.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/project-updates/{id}/{action}")]
pub async fn review(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(i64, owner_updates::Review)>,
    body: ValidJson<UpdateReviewRequest>,
) -> AppResult<web::Json<Data<ProjectUpdate>>> {
    let (id, action) = path.into_inner();
    let approve = action == owner_updates::Review::Approve;
    let reason = kernel::input::given_text(body.into_inner().reason)?;
    let item = updates::review(&ctx, &staff, id, approve, reason).await?;
    Ok(Data::new(view(&ctx, item).await?))
}
