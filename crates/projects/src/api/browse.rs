//! What everyone sees: `/projects` and a project's page.

use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::Deserialize;
use utoipa::IntoParams;

use super::dto::{PageParts, ProjectCard, ProjectPage};
use crate::service::{browse, dynamic_review, favorites, team};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProjectsQuery {
    /// Words in the title or lay summary.
    pub search: Option<String>,
}

/// Live projects, the newest first (9 a page by default).
#[utoipa::path(
    operation_id = "listProjects",
    tag = "projects",
    params(ProjectsQuery, PageParams),
    responses((status = 200, description = "A page of live projects.", body = Page<ProjectCard>))
)]
#[get("/projects")]
pub async fn list(
    ctx: web::Data<AppContext>,
    query: web::Query<ProjectsQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ProjectCard>>> {
    let page = browse::live(&ctx.db, query.search.as_deref(), &params).await?;
    Ok(web::Json(super::cards(&ctx, page).await?))
}

/// A project's page: public once live; its owner sees it before.
#[utoipa::path(
    operation_id = "getProject",
    tag = "projects",
    params(("slug" = String, Path, description = "The project's address")),
    responses(
        (status = 200, description = "The project.", body = Data<ProjectPage>),
        (status = 404, description = "No such project, or not public yet.", body = kernel::ErrorBody),
    )
)]
#[get("/projects/{slug}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<ProjectPage>>> {
    let project = browse::by_slug(&ctx.db, &path, viewer.as_ref()).await?;
    let owner = ctx
        .users
        .summaries(&[project.owner_id])
        .await?
        .remove(&project.owner_id);
    let viewer = viewer.map(|v| v.id);
    let parts = PageParts {
        owner,
        team: team::of(&ctx.db, project.id).await?,
        favorites: favorites::hearts(&ctx.db, project.id, viewer).await?.into(),
        reviews: dynamic_review::tally(&ctx.db, project.id, viewer)
            .await?
            .into(),
    };
    Ok(Data::new(ProjectPage::of(project, viewer, parts)))
}
