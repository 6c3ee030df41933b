//! CMS pages by slug (spec 2 §2 Static, legal and other content pages).

use kernel::{AppError, AppResult};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, TryIntoModel,
};

use crate::blocks::Block;
use crate::entity::page;
use crate::enums::TitleAlign;

/// Spec 2 §2: the routes that show a page under another name than `/pages/{slug}`.
const ROUTES: &[(&str, &str)] = &[
    ("about-us", "/about"),
    ("our-model", "/our-model"),
    ("press-and-media", "/press-and-media"),
    ("get-involved", "/get-involved"),
    ("meet-the-team", "/meet-the-team"),
    ("faqs", "/faq"),
    ("working-group-faq", "/working-group-faq"),
    ("collavidence-researcher-guide", "/researcher-guide"),
    (
        "scientific-review-committee",
        "/scientific-review-committee",
    ),
    ("learn-more-working-group", "/working-groups/learn-more"),
    ("terms-of-use", "/terms-of-use"),
    ("privacy-policy", "/privacy-policy"),
    ("cookie-policy", "/cookie-policy"),
    ("lgp-prize", "/lgp-prize"),
    ("lgp-prize-page", "/lgp-prize-page"),
];

/// Where the site shows the page with this slug.
pub fn route_of(slug: &str) -> String {
    if let Some((_, route)) = ROUTES.iter().find(|(s, _)| *s == slug) {
        return (*route).to_owned();
    }
    if let Some(rest) = slug.strip_prefix("lgp/") {
        return format!("/lgp/{rest}");
    }
    format!("/pages/{slug}")
}

/// The page with this slug.
pub async fn by_slug(db: &impl ConnectionTrait, slug: &str) -> AppResult<page::Model> {
    page::Entity::find()
        .filter(page::Column::Slug.eq(slug.trim_matches('/')))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// What a page says, as staff or the seed write it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PageDraft {
    pub slug: String,
    pub title: String,
    pub before_title: Option<String>,
    pub title_align: TitleAlign,
    pub body: String,
    pub blocks: Vec<Block>,
    pub articles_in_line: Option<i32>,
    pub first_alone: bool,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
}

/// Creates the page, or replaces what the page with that slug says; HTML is sanitised.
pub async fn save(db: &impl ConnectionTrait, draft: PageDraft) -> AppResult<page::Model> {
    let existing = page::Entity::find()
        .filter(page::Column::Slug.eq(&draft.slug))
        .one(db)
        .await?;
    let active = existing.map(Into::into).unwrap_or_default();
    write(db, active, draft).await
}

/// Writes `draft` into the page `active` (new or stored); HTML is sanitised and unsafe
/// blocks dropped.
pub(crate) async fn write(
    db: &impl ConnectionTrait,
    mut active: page::ActiveModel,
    draft: PageDraft,
) -> AppResult<page::Model> {
    let blocks: Vec<Block> = draft
        .blocks
        .into_iter()
        .filter_map(Block::cleaned)
        .collect();
    let blocks = serde_json::to_string(&blocks).map_err(|e| AppError::Internal(e.into()))?;
    let now = kernel::clock::now();
    if active.created_at.is_not_set() {
        active.created_at = Set(now);
    }
    active.slug = Set(draft.slug);
    active.title = Set(draft.title);
    active.before_title = Set(draft.before_title);
    active.title_align = Set(draft.title_align);
    active.body = Set(kernel::rich_text::sanitize_page(&draft.body));
    active.blocks = Set(blocks);
    active.articles_in_line = Set(draft.articles_in_line);
    active.first_alone = Set(draft.first_alone);
    active.meta_title = Set(draft.meta_title);
    active.meta_description = Set(draft.meta_description);
    active.updated_at = Set(now);
    Ok(active.save(db).await?.try_into_model()?)
}

/// Whether a page with this slug exists.
pub async fn exists(db: &impl ConnectionTrait, slug: &str) -> AppResult<bool> {
    Ok(page::Entity::find()
        .filter(page::Column::Slug.eq(slug))
        .one(db)
        .await?
        .is_some())
}

#[cfg(test)]
mod tests {
    use super::route_of;

    #[test]
    fn pages_have_the_routes_of_the_spec() {
        assert_eq!(route_of("about-us"), "/about");
        assert_eq!(route_of("faqs"), "/faq");
        assert_eq!(
            route_of("collavidence-researcher-guide"),
            "/researcher-guide"
        );
        assert_eq!(
            route_of("lgp/prize-terms-and-conditions"),
            "/lgp/prize-terms-and-conditions"
        );
        assert_eq!(
            route_of("aspect-in-stroke/home"),
            "/pages/aspect-in-stroke/home"
        );
    }
}
