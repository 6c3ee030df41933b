//! Backed projects: the caller's (dashboard) and a member's public profile lists.

use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::project;
use crate::read::views::ProjectCard;
use crate::service::backing::{self, Seen};
use crate::service::results;

/// Projects I back
///
/// The public projects the caller backs, the latest pledge first (99 a page).
#[utoipa::path(
    operation_id = "listBackedProjects",
    tag = "projects",
    security(("bearer" = [])),
    params(PageParams),
    responses((status = 200, description = "A page of projects.", body = Page<ProjectCard>))
)]
#[get("/me/backed-projects")]
pub async fn mine(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ProjectCard>>> {
    let page = backing::backed_by(&ctx.db, user.id, Seen::ByBacker, &params).await?;
    Ok(web::Json(crate::read::cards(&ctx, page).await?))
}

/// A project as a profile lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectLink {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

impl From<project::Model> for ProjectLink {
    fn from(p: project::Model) -> Self {
        Self {
            id: p.id,
            slug: p.slug,
            title: p.title,
        }
    }
}

/// A member's projects as their public profile lists them.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileProjects {
    /// The public projects they created, the latest live first.
    pub created: Vec<ProjectLink>,
    /// The public projects they back, the latest pledge first.
    pub backed: Vec<ProjectLink>,
    /// Of the projects they created, those whose results are overdue (paid out, and the date
    /// for their results passed with nothing posted).
    pub results_overdue: Vec<ProjectLink>,
}

/// A member's projects
///
/// The public projects a member created and backs; none for a private profile.
#[utoipa::path(
    operation_id = "listProfileProjects",
    tag = "projects",
    params(("id" = i64, Path, description = "The member's id")),
    responses((status = 200, description = "The member's projects.", body = Data<ProfileProjects>))
)]
#[get("/profile/{id}/projects")]
pub async fn on_profile(
    ctx: web::Data<AppContext>,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ProfileProjects>>> {
    let (created, backed) = backing::on_profile(&ctx, path.into_inner()).await?;
    let overdue = results::overdue_among(&ctx.db, &created, kernel::clock::now()).await?;
    Ok(Data::new(ProfileProjects {
        results_overdue: overdue.into_iter().map(Into::into).collect(),
        created: created.into_iter().map(Into::into).collect(),
        backed: backed.into_iter().map(Into::into).collect(),
    }))
}
