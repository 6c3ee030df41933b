//! A public group's page as link previews show it.

use kernel::page_meta::PageMeta;
use kernel::{AppContext, AppError, AppResult};

use crate::service::detail;

/// `/working-groups/{slug}` as a visitor sees it; `None` when a visitor may not see it.
pub async fn group(ctx: &AppContext, slug: &str) -> AppResult<Option<PageMeta>> {
    let viewed = AppError::found(detail::by_slug(&ctx.db, slug, None).await)?;
    Ok(viewed.map(|viewed| {
        let group = viewed.group;
        let image = group.image.as_deref().map(|key| ctx.storage.url(key));
        PageMeta::new(group.title, &group.summary, image)
    }))
}
