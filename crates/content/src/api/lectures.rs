use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};

use crate::policy;
use crate::read::lectures::{self as read, Lecture};
use crate::service::lectures;

/// List expert lectures
///
/// The expert lectures.
#[utoipa::path(
    operation_id = "listLectures",
    tag = "content",
    params(PageParams),
    responses((status = 200, description = "A page of lectures.", body = Page<Lecture>))
)]
#[get("/expert-lectures")]
pub async fn list(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<Lecture>>> {
    let page = lectures::list(&ctx.db, &params).await?;
    let watches = policy::may_watch_lecture(viewer.is_some());
    Ok(web::Json(read::page(&ctx, page, watches).await?))
}

/// Get a lecture
///
/// One lecture. With its video, poster and the caption tracks the player offers.
#[utoipa::path(
    operation_id = "getLecture",
    tag = "content",
    params(("id" = i64, Path, description = "The lecture's id")),
    responses(
        (status = 200, description = "The lecture.", body = Data<Lecture>),
        (status = 404, description = "No such lecture.", body = kernel::ErrorBody),
    )
)]
#[get("/expert-lectures/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<Lecture>>> {
    let watches = policy::may_watch_lecture(viewer.is_some());
    Ok(Data::new(read::lecture(&ctx, *path, watches).await?))
}
