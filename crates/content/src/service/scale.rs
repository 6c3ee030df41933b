//! Blog posts for `cohort seed --scale large`: published posts in the demo's categories,
//! made in a few statements, the same on every run.

use chrono::Duration;
use kernel::AppResult;
use kernel::json_list::JsonList;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::entity::{blog_category, blog_post, blog_post_category};

/// Makes the scale posts up to `count` (those already there stay), by `author`, each in
/// one category.
pub async fn posts(db: &impl ConnectionTrait, author: i64, count: usize) -> AppResult<()> {
    let scale_posts =
        || blog_post::Entity::find().filter(blog_post::Column::Slug.starts_with("scale-post-"));
    let existing = scale_posts().count(db).await? as usize;
    if existing >= count {
        return Ok(());
    }
    let start = kernel::clock::now() - Duration::days(400);
    let rows: Vec<blog_post::ActiveModel> = (existing + 1..=count)
        .map(|n| {
            let at = start + Duration::hours(n as i64);
            blog_post::ActiveModel {
                slug: Set(format!("scale-post-{n}")),
                title: Set(format!("Notes from the lab, number {n}")),
                description: Set(format!("<p>What we learned in study {n}, and what comes next.</p>")),
                body: Set(format!(
                    "<p>Study {n} asked a simple question.</p><p>Patients and researchers answered it together.</p>"
                )),
                date: Set(at),
                author_id: Set(Some(author)),
                published: Set(true),
                can_create_discussion: Set(true),
                tags: Set(JsonList::default()),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            }
        })
        .collect();
    kernel::db::insert_batched(db, rows).await?;
    let categories: Vec<i64> = blog_category::Entity::find()
        .select_only()
        .column(blog_category::Column::Id)
        .order_by_asc(blog_category::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    if categories.is_empty() {
        return Ok(());
    }
    let posts: Vec<i64> = scale_posts()
        .select_only()
        .column(blog_post::Column::Id)
        .order_by_asc(blog_post::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let links = posts
        .iter()
        .enumerate()
        .skip(existing)
        .map(|(i, &post)| blog_post_category::ActiveModel {
            post_id: Set(post),
            category_id: Set(categories[i % categories.len()]),
        })
        .collect();
    kernel::db::insert_batched(db, links).await?;
    Ok(())
}
