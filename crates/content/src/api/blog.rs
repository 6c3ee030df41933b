use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::enums::BlogOrdering;
use crate::read::blog::{self as read, BlogCategory, BlogPost, BlogPostCard};
use crate::service::blog::{self, Filters};

#[derive(Debug, Deserialize, IntoParams)]
pub struct BlogQuery {
    /// Words to find in the title or description.
    pub search: Option<String>,
    /// `-created_at` (newest, default), `created_at` or `title`.
    #[param(inline)]
    pub ordering: Option<BlogOrdering>,
    /// Category ids, comma-separated; a post matches when it has any of them.
    pub categories: Option<String>,
}

/// List blog posts
///
/// Published posts, newest first by default, filtered by categories and search.
#[utoipa::path(
    operation_id = "listBlogPosts",
    tag = "content",
    params(BlogQuery, PageParams),
    responses((status = 200, description = "A page of posts (9 by default).", body = Page<BlogPostCard>))
)]
#[get("/blog/api/pages")]
pub async fn list(
    ctx: web::Data<AppContext>,
    query: web::Query<BlogQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<BlogPostCard>>> {
    let query = query.into_inner();
    let filters = Filters {
        search: query.search,
        ordering: query.ordering,
        categories: kernel::input::comma_list(query.categories.as_deref())
            .iter()
            .filter_map(|c| c.parse().ok())
            .collect(),
    };
    let page = blog::list(&ctx.db, &filters, &params).await?;
    Ok(web::Json(read::cards_page(&ctx, page).await?))
}

/// List blog categories
///
/// Every blog category.
#[utoipa::path(
    operation_id = "listBlogCategories",
    tag = "content",
    responses((status = 200, description = "The categories, by name.", body = Data<Vec<BlogCategory>>))
)]
#[get("/blog/api/pages/categories")]
pub async fn categories(
    ctx: web::Data<AppContext>,
) -> AppResult<web::Json<Data<Vec<BlogCategory>>>> {
    let all = blog::categories(&ctx.db).await?;
    Ok(Data::new(
        all.into_iter().map(BlogCategory::from_entity).collect(),
    ))
}

/// Get a blog post
///
/// One published post, by id or slug. Drafts exist only for staff, in the console; here they answer
/// 404.
#[utoipa::path(
    operation_id = "getBlogPost",
    tag = "content",
    security((), ("bearer" = [])),
    params(("id" = String, Path, description = "The post's id or slug")),
    responses(
        (status = 200, description = "The post.", body = Data<BlogPost>),
        (status = 404, description = "No such published post.", body = kernel::ErrorBody),
    )
)]
#[get("/blog/api/pages/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<BlogPost>>> {
    let found = blog::post(&ctx.db, &path, viewer.as_ref()).await?;
    Ok(Data::new(read::post(&ctx, found).await?))
}
