use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use crate::read::views::GroupDetail;

/// Get a working group
///
/// A working group by slug, with the viewer's relation. Groups that are not approved or are
/// suspended exist only for their owner, moderators and staff (404 for others).
#[utoipa::path(
    operation_id = "getGroup",
    tag = "groups",
    security((), ("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    responses(
        (status = 200, description = "The group.", body = Data<GroupDetail>),
        (status = 404, description = "No such group, or hidden from the viewer.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{slug}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<GroupDetail>>> {
    Ok(Data::new(
        crate::read::page(&ctx, &path, viewer.as_ref()).await?,
    ))
}
