//! The staff console's CMS pages. A saved page shows on the site at once.

use audit::Decision;
use kernel::error::FieldErrors;
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use super::authoring;
use super::pages::{self, PageDraft};
use crate::blocks;
use crate::entity::page;

const PER_PAGE: u64 = 50;
pub const SLUG_TAKEN: &str = "A page with this address already exists.";
pub const DELETED: &str = "The page has been deleted.";

/// Pages whose slug or title contains `search`, by slug.
pub async fn list(
    db: &impl ConnectionTrait,
    search: Option<&str>,
    params: &PageParams,
) -> AppResult<Page<page::Model>> {
    let mut select = page::Entity::find();
    if let Some(found) =
        search.and_then(|text| fulltext::contains(&[page::Column::Slug, page::Column::Title], text))
    {
        select = select.filter(found);
    }
    kernel::pagination::paginate(
        db,
        select.order_by_asc(page::Column::Slug),
        params,
        PER_PAGE,
    )
    .await
}

pub async fn get(db: &impl ConnectionTrait, id: i64) -> AppResult<page::Model> {
    page::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Refuses what the site would not show as written: HTML that runs code, blocks with
/// unsafe embeds, a malformed or taken slug.
async fn check(
    db: &impl ConnectionTrait,
    draft: &PageDraft,
    current: Option<i64>,
) -> AppResult<()> {
    authoring::check_page_slug("slug", &draft.slug)?;
    let mut errors = FieldErrors::new();
    if let Some(reason) = kernel::rich_text::active_content(&draft.body) {
        errors.insert("body".into(), vec![reason.into()]);
    }
    for (i, block) in draft.blocks.iter().enumerate() {
        if let Some(reason) = block.problem() {
            errors.insert(format!("blocks[{i}]"), vec![reason.into()]);
        }
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let owner = page::Entity::find()
        .filter(page::Column::Slug.eq(&draft.slug))
        .one(db)
        .await?;
    if owner.is_some_and(|p| Some(p.id) != current) {
        return Err(AppError::field("slug", SLUG_TAKEN));
    }
    Ok(())
}

/// The stored page as the audit log keeps it.
pub fn snapshot(stored: &page::Model) -> PageDraft {
    PageDraft {
        slug: stored.slug.clone(),
        title: stored.title.clone(),
        before_title: stored.before_title.clone(),
        title_align: stored.title_align,
        body: stored.body.clone(),
        blocks: blocks::parse(&stored.blocks),
        articles_in_line: stored.articles_in_line,
        first_alone: stored.first_alone,
        meta_title: stored.meta_title.clone(),
        meta_description: stored.meta_description.clone(),
    }
}

pub async fn create(ctx: &AppContext, staff: &Staff, draft: PageDraft) -> AppResult<page::Model> {
    let decision = Decision::creating(&ctx.db, staff, "page.create", "page").await?;
    check(decision.db(), &draft, None).await?;
    let saved = pages::write(decision.db(), page::ActiveModel::default(), draft).await?;
    decision.on(saved.id).commit((), snapshot(&saved)).await?;
    Ok(saved)
}

pub async fn update(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    draft: PageDraft,
) -> AppResult<page::Model> {
    let decision = Decision::by(&ctx.db, staff, "page.update", "page", id).await?;
    let current = get(decision.db(), id).await?;
    check(decision.db(), &draft, Some(id)).await?;
    let before = snapshot(&current);
    let saved = pages::write(decision.db(), current.into(), draft).await?;
    decision.commit(before, snapshot(&saved)).await?;
    Ok(saved)
}

pub async fn delete(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "page.delete", "page", id).await?;
    let current = get(decision.db(), id).await?;
    page::Entity::delete_by_id(id).exec(decision.db()).await?;
    decision.commit(snapshot(&current), ()).await?;
    Ok(())
}
