use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Page, PageParams};

use crate::read::views::{Comments, GroupCard};
use crate::service::{browse, join_requests, membership};

async fn cards_for(
    ctx: &AppContext,
    ids: Page<i64>,
    comments: Comments,
) -> AppResult<Page<GroupCard>> {
    let Page { data, pagination } = ids;
    let groups = browse::in_order(&ctx.db, &data).await?;
    Ok(Page {
        data: crate::read::cards_of(ctx, groups, comments).await?,
        pagination,
    })
}

/// Groups I joined
///
/// The working groups the caller joined (not the ones they own), newest first.
#[utoipa::path(
    operation_id = "listJoinedGroups",
    tag = "groups",
    security(("bearer" = [])),
    params(PageParams),
    responses((status = 200, description = "A page of groups (100 by default).", body = Page<GroupCard>))
)]
#[get("/me/groups/joined")]
pub async fn joined(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<GroupCard>>> {
    let ids = membership::joined(&ctx.db, user.id, &params).await?;
    Ok(web::Json(cards_for(&ctx, ids, Comments::All).await?))
}

/// My join requests
///
/// The working groups the caller asked to join and is waiting for (My applications).
#[utoipa::path(
    operation_id = "listAppliedGroups",
    tag = "groups",
    security(("bearer" = [])),
    params(PageParams),
    responses((status = 200, description = "A page of groups (100 by default).", body = Page<GroupCard>))
)]
#[get("/me/groups/applied")]
pub async fn applied(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<GroupCard>>> {
    let ids = join_requests::applied(&ctx.db, user.id, &params).await?;
    Ok(web::Json(cards_for(&ctx, ids, Comments::Public).await?))
}
