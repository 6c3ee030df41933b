use actix_web::{get, web};
use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::entity::{blog_category, blog_post};
use crate::enums::BlogOrdering;
use crate::service::blog::{self, Filters};

/// A blog category.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BlogCategory {
    pub id: i64,
    pub name: String,
    pub slug: String,
}

impl BlogCategory {
    pub(crate) fn from_entity(c: blog_category::Model) -> Self {
        Self {
            id: c.id,
            name: c.name,
            slug: c.slug,
        }
    }
}

/// Who wrote a post.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BlogAuthor {
    pub id: i64,
    pub name: String,
    pub image: Option<String>,
}

/// A post in a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlogPostCard {
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// HTML (sanitised).
    pub description: String,
    pub header_image: Option<String>,
    /// The header picture at list size (480 px wide), for cards and small screens.
    pub header_image_thumbnail: Option<String>,
    pub date: DateTime<Utc>,
    pub categories: Vec<BlogCategory>,
    pub tags: Vec<String>,
    pub author: Option<BlogAuthor>,
    /// Readers may start topics in the post's discussion.
    pub can_create_discussion: bool,
}

/// A post with its body.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlogPost {
    #[serde(flatten)]
    pub card: BlogPostCard,
    /// HTML (sanitised).
    pub body: String,
}

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

pub(crate) async fn cards(
    ctx: &AppContext,
    posts: Vec<blog_post::Model>,
) -> AppResult<Vec<(BlogPostCard, String)>> {
    let ids: Vec<i64> = posts.iter().map(|p| p.id).collect();
    let authors: Vec<i64> = posts.iter().filter_map(|p| p.author_id).collect();
    let mut by_post = blog::categories_of(&ctx.db, &ids).await?;
    let users = ctx.users.summaries(&authors).await?;
    Ok(posts
        .into_iter()
        .map(|p| {
            let card = BlogPostCard {
                id: p.id,
                categories: by_post
                    .remove(&p.id)
                    .unwrap_or_default()
                    .into_iter()
                    .map(BlogCategory::from_entity)
                    .collect(),
                tags: p.tags.0.clone(),
                author: p
                    .author_id
                    .and_then(|id| users.get(&id))
                    .map(|u| BlogAuthor {
                        id: u.id,
                        name: u.name.clone(),
                        image: u.avatar_thumbnail.clone(),
                    }),
                header_image: p.header_image.as_deref().map(|k| ctx.storage.url(k)),
                header_image_thumbnail: p
                    .header_image
                    .as_deref()
                    .map(|k| ctx.storage.url(&media::images::thumbnail_key(k))),
                slug: p.slug,
                title: p.title,
                description: p.description,
                date: p.date,
                can_create_discussion: p.can_create_discussion,
            };
            (card, p.body)
        })
        .collect())
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
    let Page { data, pagination } = blog::list(&ctx.db, &filters, &params).await?;
    Ok(web::Json(Page {
        data: cards(&ctx, data)
            .await?
            .into_iter()
            .map(|(card, _)| card)
            .collect(),
        pagination,
    }))
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
    let (card, body) = cards(&ctx, vec![found])
        .await?
        .pop()
        .ok_or_else(kernel::AppError::not_found)?;
    Ok(Data::new(BlogPost { card, body }))
}
