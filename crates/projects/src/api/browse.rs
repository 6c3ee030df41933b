//! What everyone sees: `/projects` and a project's page.

use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::enums::ProjectSort;
use crate::read::views::{ProjectCard, ProjectPage};
use crate::service::{browse, tags};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProjectsQuery {
    /// Words in the title or lay summary.
    pub search: Option<String>,
    /// Project tag slugs (from `GET /groups/tags`), comma-separated; a project matches any
    /// of them.
    pub tags: Option<String>,
    /// Newest first unless asked otherwise.
    #[param(inline)]
    pub sort: Option<ProjectSort>,
}

/// List projects
///
/// Live projects, searched, of some topics, sorted (the newest first by default; 9 a page).
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
    let slugs = kernel::input::comma_list(query.tags.as_deref());
    let topics = if slugs.is_empty() {
        None
    } else {
        Some(tags::by_slugs(&ctx, &slugs).await?)
    };
    let asked = browse::Browse {
        search: query.search.as_deref(),
        topics: topics.as_deref(),
        sort: query.sort,
    };
    let page = browse::live(&ctx.db, asked, &params).await?;
    Ok(web::Json(crate::read::cards(&ctx, page).await?))
}

/// Get a project
///
/// A project's page: public once live; its owner sees it before.
#[utoipa::path(
    operation_id = "getProject",
    tag = "projects",
    security((), ("bearer" = [])),
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
    Ok(Data::new(
        crate::read::page(&ctx, &path, viewer.as_ref()).await?,
    ))
}
