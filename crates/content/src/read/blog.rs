//! Blog posts as readers and the console see them: cards with their categories and
//! authors (one statement each for a whole list), and a post with its body.

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppError, AppResult, Page};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{blog_category, blog_post};
use crate::service::blog;

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

/// Cards for `posts`, each beside its body.
pub async fn cards(
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

/// Cards for a page of posts.
pub async fn cards_page(
    ctx: &AppContext,
    page: Page<blog_post::Model>,
) -> AppResult<Page<BlogPostCard>> {
    let Page { data, pagination } = page;
    Ok(Page {
        data: cards(ctx, data)
            .await?
            .into_iter()
            .map(|(card, _)| card)
            .collect(),
        pagination,
    })
}

/// One post with its body.
pub async fn post(ctx: &AppContext, post: blog_post::Model) -> AppResult<BlogPost> {
    let (card, body) = cards(ctx, vec![post])
        .await?
        .pop()
        .ok_or_else(AppError::not_found)?;
    Ok(BlogPost { card, body })
}
