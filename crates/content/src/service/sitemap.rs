//! Published blog posts and the lectures, for the sitemap.

use kernel::sitemap::{Location, MAX_PER_KIND};
use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entity::{blog_post, lecture};

/// `/blog/{slug}` of every published post and `/lecture-series/{id}` of every lecture.
pub async fn locations(ctx: &AppContext) -> AppResult<Vec<Location>> {
    let posts: Vec<(String, chrono::DateTime<chrono::Utc>)> = blog_post::Entity::find()
        .select_only()
        .column(blog_post::Column::Slug)
        .column(blog_post::Column::UpdatedAt)
        .filter(blog_post::Column::Published.eq(true))
        .order_by_desc(blog_post::Column::UpdatedAt)
        .limit(MAX_PER_KIND)
        .into_tuple()
        .all(&ctx.db)
        .await?;
    let lectures: Vec<(i64, chrono::DateTime<chrono::Utc>)> = lecture::Entity::find()
        .select_only()
        .column(lecture::Column::Id)
        .column(lecture::Column::CreatedAt)
        .order_by_asc(lecture::Column::Position)
        .limit(MAX_PER_KIND)
        .into_tuple()
        .all(&ctx.db)
        .await?;
    Ok(posts
        .into_iter()
        .map(|(slug, updated)| Location::new(format!("/blog/{slug}"), Some(updated)))
        .chain(
            lectures
                .into_iter()
                .map(|(id, added)| Location::new(format!("/lecture-series/{id}"), Some(added))),
        )
        .collect())
}
