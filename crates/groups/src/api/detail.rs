use crate::api::dto::Comments;
use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use super::dto::GroupDetail;
use crate::service::{detail as viewing, join_requests, wizard};

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
    let viewed = viewing::by_slug(&ctx.db, &path, viewer.as_ref()).await?;
    // The public always sees the approved version; pending changes wait for staff.
    let content = wizard::stored_content(&ctx.db, &viewed.group).await?;
    let pending =
        join_requests::is_pending(&ctx.db, viewed.group.id, viewer.as_ref().map(|v| v.id)).await?;
    let comments = Comments::for_viewer(viewed.reads_private(viewer.as_ref()));
    let relation = super::dto::Relation::of(&viewed);
    let mut detail =
        super::assemble::detail_of(&ctx, viewed.group, content, relation, comments).await?;
    detail.has_join_request = pending;
    Ok(Data::new(detail))
}
