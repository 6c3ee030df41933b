//! Hearts on projects, and the member's favourites.

use actix_web::{delete, get, put, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};

use crate::read::views::{Favorites, ProjectCard};
use crate::service::favorites;

/// Favourite a project
///
/// Gives the caller's heart to a public project (again is the same).
#[utoipa::path(
    operation_id = "favoriteProject",
    tag = "projects",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The project's address")),
    responses(
        (status = 200, description = "The project's hearts.", body = Data<Favorites>),
        (status = 404, description = "No such public project.", body = kernel::ErrorBody),
    )
)]
#[put("/projects/{slug}/favorite")]
pub async fn add(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<Favorites>>> {
    Ok(Data::new(
        favorites::set(&ctx.db, &user, &path, true).await?.into(),
    ))
}

/// Unfavourite a project
///
/// Takes the caller's heart back.
#[utoipa::path(
    operation_id = "unfavoriteProject",
    tag = "projects",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The project's address")),
    responses(
        (status = 200, description = "The project's hearts.", body = Data<Favorites>),
        (status = 404, description = "No such public project.", body = kernel::ErrorBody),
    )
)]
#[delete("/projects/{slug}/favorite")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<Favorites>>> {
    Ok(Data::new(
        favorites::set(&ctx.db, &user, &path, false).await?.into(),
    ))
}

/// Favourite projects
///
/// The public projects the caller favourited, the latest first (99 a page).
#[utoipa::path(
    operation_id = "listFavoriteProjects",
    tag = "projects",
    security(("bearer" = [])),
    params(PageParams),
    responses((status = 200, description = "A page of projects.", body = Page<ProjectCard>))
)]
#[get("/me/favorite-projects")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ProjectCard>>> {
    let page = favorites::of(&ctx.db, &user, &params).await?;
    Ok(web::Json(crate::read::cards(&ctx, page).await?))
}
