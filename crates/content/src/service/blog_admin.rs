//! The staff console's blog: posts (drafts and published) and categories. A post shows on
//! the public blog the moment it is saved as published, and never while it is a draft.

use std::collections::HashMap;

use audit::Decision;
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use super::authoring::{self, PICTURE};
use super::blog::{self, PostDraft};
use crate::entity::{blog_category, blog_post, blog_post_category};

const PER_PAGE: u64 = 25;
pub const SLUG_TAKEN: &str = "A post with this address already exists.";
pub const CATEGORY_SLUG_TAKEN: &str = "A category with this address already exists.";
pub const NO_SUCH_CATEGORY: &str = "Choose categories from the list.";
pub const NO_SUCH_AUTHOR: &str = "Choose an author from the platform's members.";
pub const DELETED: &str = "The post has been deleted.";
pub const CATEGORY_DELETED: &str = "The category has been deleted.";

/// A category that `uses` posts still carry cannot be deleted.
pub fn category_in_use(uses: u64) -> AppError {
    AppError::conflict(
        "in_use",
        format!(
            "This category is used by {uses} post{}; take it off them first.",
            if uses == 1 { "" } else { "s" }
        ),
    )
}

/// The console's post list: every post, most recently edited first.
#[derive(Debug, Clone, Default)]
pub struct StaffFilter {
    pub search: Option<String>,
    pub published: Option<bool>,
}

pub async fn list(
    db: &impl ConnectionTrait,
    filter: &StaffFilter,
    params: &PageParams,
) -> AppResult<Page<blog_post::Model>> {
    let mut select = blog_post::Entity::find();
    if let Some(search) = filter.search.as_deref().and_then(|text| {
        fulltext::contains(&[blog_post::Column::Title, blog_post::Column::Slug], text)
    }) {
        select = select.filter(search);
    }
    if let Some(published) = filter.published {
        select = select.filter(blog_post::Column::Published.eq(published));
    }
    let select = select
        .order_by_desc(blog_post::Column::UpdatedAt)
        .order_by_desc(blog_post::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

pub async fn get(db: &impl ConnectionTrait, id: i64) -> AppResult<blog_post::Model> {
    blog_post::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// What staff send for a post; the header image is uploaded apart.
#[derive(Debug, Clone)]
pub struct PostInput {
    /// Blank: made from the title.
    pub slug: Option<String>,
    pub title: String,
    pub description: String,
    pub body: String,
    pub date: Option<chrono::DateTime<chrono::Utc>>,
    pub author_id: Option<i64>,
    pub published: bool,
    pub can_create_discussion: bool,
    pub tags: Vec<String>,
    pub categories: Vec<i64>,
}

/// Checks what only the database knows: the slug is free, the categories and the author
/// exist, and the HTML runs nothing.
async fn checked(
    ctx: &AppContext,
    db: &impl ConnectionTrait,
    input: PostInput,
    current: Option<&blog_post::Model>,
) -> AppResult<PostDraft> {
    authoring::refuse_active_html(&[("description", &input.description), ("body", &input.body)])?;
    let slug = match input
        .slug
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(typed) => {
            authoring::check_slug("slug", typed)?;
            if slug_owner(db, typed)
                .await?
                .is_some_and(|id| Some(id) != current.map(|c| c.id))
            {
                return Err(AppError::field("slug", SLUG_TAKEN));
            }
            typed.to_owned()
        }
        None => match current {
            Some(post) => post.slug.clone(),
            None => free_slug(db, &input.title).await?,
        },
    };
    let known = blog_category::Entity::find()
        .filter(blog_category::Column::Id.is_in(input.categories.clone()))
        .count(db)
        .await?;
    let mut categories = input.categories;
    categories.sort_unstable();
    categories.dedup();
    if known != categories.len() as u64 {
        return Err(AppError::field("categories", NO_SUCH_CATEGORY));
    }
    if let Some(author) = input.author_id
        && ctx.users.summaries(&[author]).await?.is_empty()
    {
        return Err(AppError::field("author_id", NO_SUCH_AUTHOR));
    }
    Ok(PostDraft {
        slug,
        title: input.title.trim().to_owned(),
        description: input.description,
        body: input.body,
        header_image: current.and_then(|c| c.header_image.clone()),
        date: input
            .date
            .or(current.map(|c| c.date))
            .unwrap_or_else(kernel::clock::now),
        author_id: input.author_id,
        published: input.published,
        can_create_discussion: input.can_create_discussion,
        tags: input
            .tags
            .into_iter()
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect(),
        categories,
    })
}

async fn slug_owner(db: &impl ConnectionTrait, slug: &str) -> AppResult<Option<i64>> {
    Ok(blog_post::Entity::find()
        .filter(blog_post::Column::Slug.eq(slug))
        .one(db)
        .await?
        .map(|p| p.id))
}

/// The title's slug, numbered when another post has it.
async fn free_slug(db: &impl ConnectionTrait, title: &str) -> AppResult<String> {
    let base = kernel::slug::slugify(title, "post");
    let mut candidate = base.clone();
    let mut n = 2;
    while slug_owner(db, &candidate).await?.is_some() {
        candidate = format!("{base}-{n}");
        n += 1;
    }
    Ok(candidate)
}

/// The stored post as the audit log keeps it.
async fn snapshot(db: &impl ConnectionTrait, post: &blog_post::Model) -> AppResult<PostDraft> {
    let categories = blog::categories_of(db, &[post.id])
        .await?
        .remove(&post.id)
        .unwrap_or_default()
        .into_iter()
        .map(|c| c.id)
        .collect();
    Ok(PostDraft {
        slug: post.slug.clone(),
        title: post.title.clone(),
        description: post.description.clone(),
        body: post.body.clone(),
        header_image: post.header_image.clone(),
        date: post.date,
        author_id: post.author_id,
        published: post.published,
        can_create_discussion: post.can_create_discussion,
        tags: post.tags.0.clone(),
        categories,
    })
}

/// A new post; announced to the platform when it is published.
pub async fn create(
    ctx: &AppContext,
    staff: &Staff,
    input: PostInput,
) -> AppResult<blog_post::Model> {
    let decision = Decision::creating(&ctx.db, staff, "blog_post.create", "blog_post").await?;
    let draft = checked(ctx, decision.db(), input, None).await?;
    let active = blog_post::ActiveModel {
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    };
    let saved = blog::write(decision.db(), active, draft.clone()).await?;
    let after = snapshot(decision.db(), &saved).await?;
    decision.on(saved.id).commit((), after).await?;
    if saved.published {
        blog::announce(ctx, &saved).await;
    }
    Ok(saved)
}

/// Replaces what a post says; announced when this publishes it.
pub async fn update(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    input: PostInput,
) -> AppResult<blog_post::Model> {
    let decision = Decision::by(&ctx.db, staff, "blog_post.update", "blog_post", id).await?;
    let current = get(decision.db(), id).await?;
    let before = snapshot(decision.db(), &current).await?;
    let draft = checked(ctx, decision.db(), input, Some(&current)).await?;
    let saved = blog::write(decision.db(), current.into(), draft).await?;
    let after = snapshot(decision.db(), &saved).await?;
    let published_now = saved.published && !before.published;
    decision.commit(before, after).await?;
    if published_now {
        blog::announce(ctx, &saved).await;
    }
    Ok(saved)
}

/// Deletes a post and its header image.
pub async fn delete(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "blog_post.delete", "blog_post", id).await?;
    let current = get(decision.db(), id).await?;
    let before = snapshot(decision.db(), &current).await?;
    blog_post_category::Entity::delete_many()
        .filter(blog_post_category::Column::PostId.eq(id))
        .exec(decision.db())
        .await?;
    blog_post::Entity::delete_by_id(id)
        .exec(decision.db())
        .await?;
    let image = before.header_image.clone();
    decision
        .commit_replacing(before, (), ctx.storage.as_ref(), image)
        .await
}

/// Sets a post's header image (checked, cleaned and resized like members' pictures).
pub async fn set_image(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    upload: Vec<u8>,
) -> AppResult<blog_post::Model> {
    get(&ctx.db, id).await?;
    let key = media::images::accept(ctx.storage.as_ref(), "blog", upload, PICTURE).await?;
    let decision = Decision::by(&ctx.db, staff, "blog_post.set_image", "blog_post", id).await?;
    let current = get(decision.db(), id).await?;
    let old = current.header_image.clone();
    let mut active: blog_post::ActiveModel = current.into();
    active.header_image = Set(Some(key.clone()));
    active.updated_at = Set(kernel::clock::now());
    let saved = active.update(decision.db()).await?;
    decision
        .commit_replacing(
            serde_json::json!({"header_image": old}),
            serde_json::json!({"header_image": key}),
            ctx.storage.as_ref(),
            old,
        )
        .await?;
    Ok(saved)
}

/// Every category with how many posts use it.
pub async fn categories(db: &impl ConnectionTrait) -> AppResult<Vec<(blog_category::Model, u64)>> {
    let links = blog_post_category::Entity::find().all(db).await?;
    let mut uses: HashMap<i64, u64> = HashMap::new();
    for link in links {
        *uses.entry(link.category_id).or_default() += 1;
    }
    Ok(blog::categories(db)
        .await?
        .into_iter()
        .map(|c| {
            let count = uses.get(&c.id).copied().unwrap_or(0);
            (c, count)
        })
        .collect())
}

/// What staff send for a category.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CategoryInput {
    pub name: String,
    /// Blank: made from the name.
    pub slug: Option<String>,
}

async fn category_slug(
    db: &impl ConnectionTrait,
    input: &CategoryInput,
    current: Option<i64>,
) -> AppResult<String> {
    let slug = match input
        .slug
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(typed) => {
            authoring::check_slug("slug", typed)?;
            typed.to_owned()
        }
        None => kernel::slug::slugify(&input.name, "category"),
    };
    let owner = blog_category::Entity::find()
        .filter(blog_category::Column::Slug.eq(&slug))
        .one(db)
        .await?;
    if owner.is_some_and(|c| Some(c.id) != current) {
        return Err(AppError::field("slug", CATEGORY_SLUG_TAKEN));
    }
    Ok(slug)
}

pub async fn create_category(
    ctx: &AppContext,
    staff: &Staff,
    input: CategoryInput,
) -> AppResult<blog_category::Model> {
    let decision =
        Decision::creating(&ctx.db, staff, "blog_category.create", "blog_category").await?;
    let slug = category_slug(decision.db(), &input, None).await?;
    let saved = blog_category::ActiveModel {
        name: Set(input.name.trim().to_owned()),
        slug: Set(slug),
        ..Default::default()
    }
    .insert(decision.db())
    .await?;
    decision
        .on(saved.id)
        .commit((), category_snapshot(&saved))
        .await?;
    Ok(saved)
}

pub async fn update_category(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    input: CategoryInput,
) -> AppResult<blog_category::Model> {
    let decision =
        Decision::by(&ctx.db, staff, "blog_category.update", "blog_category", id).await?;
    let current = find_category(decision.db(), id).await?;
    let slug = category_slug(decision.db(), &input, Some(id)).await?;
    let before = category_snapshot(&current);
    let mut active: blog_category::ActiveModel = current.into();
    active.name = Set(input.name.trim().to_owned());
    active.slug = Set(slug);
    let saved = active.update(decision.db()).await?;
    decision.commit(before, category_snapshot(&saved)).await?;
    Ok(saved)
}

/// Deletes a category no post uses.
pub async fn delete_category(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<()> {
    let decision =
        Decision::by(&ctx.db, staff, "blog_category.delete", "blog_category", id).await?;
    let current = find_category(decision.db(), id).await?;
    let uses = blog_post_category::Entity::find()
        .filter(blog_post_category::Column::CategoryId.eq(id))
        .count(decision.db())
        .await?;
    if uses > 0 {
        return Err(category_in_use(uses));
    }
    blog_category::Entity::delete_by_id(id)
        .exec(decision.db())
        .await?;
    decision.commit(category_snapshot(&current), ()).await
}

/// A category as the audit log keeps it.
fn category_snapshot(category: &blog_category::Model) -> serde_json::Value {
    serde_json::json!({"name": category.name, "slug": category.slug})
}

async fn find_category(db: &impl ConnectionTrait, id: i64) -> AppResult<blog_category::Model> {
    blog_category::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}
