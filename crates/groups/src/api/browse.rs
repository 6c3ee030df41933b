use crate::read::views::Comments;
use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Page, PageParams};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::enums::GroupOrdering;
use crate::read::views::GroupCard;
use crate::service::browse::{self, Filters};

#[derive(Debug, Deserialize, IntoParams)]
pub struct BrowseQuery {
    /// Words to find in the title or summary.
    pub search: Option<String>,
    /// `-created_at` (default), `title`, `popular`, or `recommended` (signed in).
    #[param(inline)]
    pub ordering: Option<GroupOrdering>,
    /// Project tag slugs, comma-separated; a group matches any of them.
    pub tags: Option<String>,
}

/// List working groups
///
/// Active, approved working groups.
#[utoipa::path(
    operation_id = "listGroups",
    tag = "groups",
    security((), ("bearer" = [])),
    params(BrowseQuery, PageParams),
    responses((status = 200, description = "A page of groups.", body = Page<GroupCard>))
)]
#[get("/groups")]
pub async fn list(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    query: web::Query<BrowseQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<GroupCard>>> {
    let query = query.into_inner();
    let filters = Filters {
        search: query.search,
        ordering: query.ordering,
        tags: kernel::input::comma_list(query.tags.as_deref()),
    };
    let page = browse::list(&ctx, viewer.map(|v| v.id), &filters, &params).await?;
    Ok(web::Json(
        crate::read::cards(&ctx, page, Comments::Public).await?,
    ))
}
