//! The blog (spec 2 §2 Blog, §7): published posts, filtered by categories and search.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::json_list::JsonList;
use kernel::{AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, TryIntoModel,
};

use crate::entity::{blog_category, blog_post, blog_post_category};
use crate::enums::BlogOrdering;
use crate::policy;

/// Spec 2 §9: blog pages hold 9.
pub const PER_PAGE: u64 = 9;

/// What the list was asked for.
#[derive(Debug, Default)]
pub struct Filters {
    pub search: Option<String>,
    pub ordering: Option<BlogOrdering>,
    /// Category ids; a post matches when it has any of them.
    pub categories: Vec<i64>,
}

fn search_condition(search: &str) -> Option<Condition> {
    fulltext::contains(
        &[blog_post::Column::Title, blog_post::Column::Description],
        search,
    )
}

/// The newest `count` published posts (the Atom feed's).
pub async fn newest(db: &impl ConnectionTrait, count: u64) -> AppResult<Vec<blog_post::Model>> {
    Ok(blog_post::Entity::find()
        .filter(blog_post::Column::Published.eq(true))
        .order_by_desc(blog_post::Column::Date)
        .order_by_desc(blog_post::Column::Id)
        .limit(count)
        .all(db)
        .await?)
}

/// A page of published posts.
pub async fn list(
    db: &impl ConnectionTrait,
    filters: &Filters,
    params: &PageParams,
) -> AppResult<Page<blog_post::Model>> {
    let mut select = blog_post::Entity::find().filter(blog_post::Column::Published.eq(true));
    if let Some(search) = filters.search.as_deref().and_then(search_condition) {
        select = select.filter(search);
    }
    if !filters.categories.is_empty() {
        select = select.filter(
            blog_post::Column::Id.in_subquery(
                Query::select()
                    .column(blog_post_category::Column::PostId)
                    .from(blog_post_category::Entity)
                    .and_where(
                        Expr::col(blog_post_category::Column::CategoryId)
                            .is_in(filters.categories.clone()),
                    )
                    .to_owned(),
            ),
        );
    }
    let select = match filters.ordering.unwrap_or(BlogOrdering::Newest) {
        BlogOrdering::Newest => select.order_by_desc(blog_post::Column::Date),
        BlogOrdering::Oldest => select.order_by_asc(blog_post::Column::Date),
        BlogOrdering::Title => select.order_by_asc(blog_post::Column::Title),
    }
    .order_by_desc(blog_post::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// Every category, by name.
pub async fn categories(db: &impl ConnectionTrait) -> AppResult<Vec<blog_category::Model>> {
    Ok(blog_category::Entity::find()
        .order_by_asc(blog_category::Column::Name)
        .all(db)
        .await?)
}

/// The categories of each post.
pub async fn categories_of(
    db: &impl ConnectionTrait,
    post_ids: &[i64],
) -> AppResult<HashMap<i64, Vec<blog_category::Model>>> {
    let links = blog_post_category::Entity::find()
        .filter(blog_post_category::Column::PostId.is_in(post_ids.to_vec()))
        .all(db)
        .await?;
    let all: HashMap<i64, blog_category::Model> = categories(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    let mut by_post: HashMap<i64, Vec<blog_category::Model>> = HashMap::new();
    for link in links {
        if let Some(category) = all.get(&link.category_id) {
            by_post
                .entry(link.post_id)
                .or_default()
                .push(category.clone());
        }
    }
    for list in by_post.values_mut() {
        list.sort_by(|a, b| a.name.cmp(&b.name));
    }
    Ok(by_post)
}

/// A post by id or slug, if the viewer may read it (published, or staff).
pub async fn post(
    db: &impl ConnectionTrait,
    key: &str,
    viewer: Option<&CurrentUser>,
) -> AppResult<blog_post::Model> {
    let by = match key.parse::<i64>() {
        Ok(id) => blog_post::Column::Id.eq(id),
        Err(_) => blog_post::Column::Slug.eq(key),
    };
    let found = blog_post::Entity::find()
        .filter(by)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    if !policy::may_read_post(
        found.published,
        viewer.is_some_and(|v| v.staff_role.is_some()),
    ) {
        return Err(AppError::not_found());
    }
    Ok(found)
}

/// A viewer's rights in a post's discussion: (may write, may moderate); `None` when the
/// post is not there for them.
pub async fn discussion_rights(
    db: &impl ConnectionTrait,
    post_id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<Option<(bool, bool)>> {
    match post(db, &post_id.to_string(), viewer).await {
        Ok(found) => Ok(Some(policy::blog_discussion(
            found.can_create_discussion,
            viewer.is_some(),
            viewer.is_some_and(|v| v.staff_role.is_some()),
        ))),
        Err(_) => Ok(None),
    }
}

/// The slugs and titles of the posts among `ids` that `viewer` may read, in one statement.
pub async fn named(
    db: &impl ConnectionTrait,
    ids: &[i64],
    viewer: Option<&CurrentUser>,
) -> AppResult<Vec<(i64, String, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let is_staff = viewer.is_some_and(|v| v.staff_role.is_some());
    Ok(blog_post::Entity::find()
        .filter(blog_post::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .filter(|p| policy::may_read_post(p.published, is_staff))
        .map(|p| (p.id, p.slug, p.title))
        .collect())
}

/// A post's slug and title, for other crates naming it.
pub async fn reference(
    db: &impl ConnectionTrait,
    post_id: i64,
) -> AppResult<Option<(String, String)>> {
    Ok(blog_post::Entity::find_by_id(post_id)
        .one(db)
        .await?
        .map(|p| (p.slug, p.title)))
}

/// Tells the platform a post is out (the feed shows it).
pub async fn announce(ctx: &kernel::AppContext, post: &blog_post::Model) {
    ctx.events
        .publish(crate::events::BlogPostPublished {
            post_id: post.id,
            slug: post.slug.clone(),
            title: post.title.clone(),
            summary: kernel::rich_text::plain_text(&post.description),
            image: post.header_image.as_deref().map(|k| ctx.storage.url(k)),
            author_id: post.author_id,
        })
        .await;
}

/// A post as staff or the seed write it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PostDraft {
    pub slug: String,
    pub title: String,
    pub description: String,
    pub body: String,
    pub header_image: Option<String>,
    pub date: DateTime<Utc>,
    pub author_id: Option<i64>,
    pub published: bool,
    pub can_create_discussion: bool,
    pub tags: Vec<String>,
    pub categories: Vec<i64>,
}

/// Creates a post, or replaces what the post with that slug says; HTML is sanitised.
pub async fn save(db: &impl ConnectionTrait, draft: PostDraft) -> AppResult<blog_post::Model> {
    let existing = blog_post::Entity::find()
        .filter(blog_post::Column::Slug.eq(&draft.slug))
        .one(db)
        .await?;
    let active = match existing {
        Some(found) => found.into(),
        None => blog_post::ActiveModel {
            created_at: Set(kernel::clock::now()),
            ..Default::default()
        },
    };
    write(db, active, draft).await
}

/// Writes `draft` into the post `active` (new or stored) with its categories.
pub(crate) async fn write(
    db: &impl ConnectionTrait,
    mut active: blog_post::ActiveModel,
    draft: PostDraft,
) -> AppResult<blog_post::Model> {
    active.slug = Set(draft.slug);
    active.title = Set(draft.title);
    active.description = Set(kernel::rich_text::sanitize_page(&draft.description));
    active.body = Set(kernel::rich_text::sanitize_page(&draft.body));
    active.header_image = Set(draft.header_image);
    active.date = Set(draft.date);
    active.author_id = Set(draft.author_id);
    active.published = Set(draft.published);
    active.can_create_discussion = Set(draft.can_create_discussion);
    active.tags = Set(JsonList(draft.tags.clone()));
    active.updated_at = Set(kernel::clock::now());
    let saved = active.save(db).await?.try_into_model()?;
    blog_post_category::Entity::delete_many()
        .filter(blog_post_category::Column::PostId.eq(saved.id))
        .exec(db)
        .await?;
    for category_id in draft.categories {
        blog_post_category::ActiveModel {
            post_id: Set(saved.id),
            category_id: Set(category_id),
        }
        .insert(db)
        .await?;
    }
    Ok(saved)
}

/// The category with this slug, created with `name` when missing.
pub async fn category(
    db: &impl ConnectionTrait,
    slug: &str,
    name: &str,
) -> AppResult<blog_category::Model> {
    if let Some(found) = blog_category::Entity::find()
        .filter(blog_category::Column::Slug.eq(slug))
        .one(db)
        .await?
    {
        return Ok(found);
    }
    Ok(blog_category::ActiveModel {
        name: Set(name.to_owned()),
        slug: Set(slug.to_owned()),
        ..Default::default()
    }
    .insert(db)
    .await?)
}
