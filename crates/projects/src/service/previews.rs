//! A public project's page as link previews show it.

use kernel::page_meta::PageMeta;
use kernel::{AppContext, AppError, AppResult};

use crate::service::browse;

/// `/project/{slug}` of a live or closed project.
pub async fn project(ctx: &AppContext, slug: &str) -> AppResult<Option<PageMeta>> {
    let project = AppError::found(browse::public(&ctx.db, slug).await)?;
    Ok(project.map(|project| {
        let image = project.image.as_deref().map(|key| ctx.storage.url(key));
        PageMeta::new(project.title, &project.lay_summary, image)
    }))
}
