//! The dashboard's project lists (spec 1 §7 `/me/backed-projects`, `/me/favorite-projects`).
//! Projects have no crate yet, so no member has backed or favourited one: the lists are
//! empty, in the shape the dashboard reads, until the projects crate answers them.

use actix_web::{get, web};
use kernel::{AppResult, CurrentUser, Page, PageParams, Pagination};
use serde::Serialize;
use utoipa::ToSchema;

/// A project on the dashboard.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectCard {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

fn none(params: &PageParams) -> AppResult<Page<ProjectCard>> {
    Ok(Page {
        data: Vec::new(),
        pagination: Pagination {
            current_page: params.page()?,
            per_page: params.per_page(99)?,
            total: 0,
            count: 0,
        },
    })
}

/// Projects the caller backed.
#[utoipa::path(
    operation_id = "listBackedProjects",
    tag = "feed",
    params(PageParams),
    responses((status = 200, description = "The caller's backed projects.", body = Page<ProjectCard>))
)]
#[get("/me/backed-projects")]
pub async fn backed(
    _user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ProjectCard>>> {
    Ok(web::Json(none(&params)?))
}

/// Projects the caller marked as favourite.
#[utoipa::path(
    operation_id = "listFavoriteProjects",
    tag = "feed",
    params(PageParams),
    responses((status = 200, description = "The caller's favourite projects.", body = Page<ProjectCard>))
)]
#[get("/me/favorite-projects")]
pub async fn favorite(
    _user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ProjectCard>>> {
    Ok(web::Json(none(&params)?))
}
