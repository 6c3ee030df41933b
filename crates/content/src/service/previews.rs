//! Blog posts' and lectures' pages as link previews show them.

use kernel::page_meta::PageMeta;
use kernel::{AppContext, AppError, AppResult};

use crate::service::{blog, lectures};

/// `/blog/{id or slug}` of a published post.
pub async fn post(ctx: &AppContext, key: &str) -> AppResult<Option<PageMeta>> {
    let post = AppError::found(blog::post(&ctx.db, key, None).await)?;
    Ok(post.map(|post| {
        let image = post.header_image.as_deref().map(|key| ctx.storage.url(key));
        PageMeta::new(post.title, &post.description, image)
    }))
}

/// `/lecture-series/{id}`.
pub async fn lecture(ctx: &AppContext, id: &str) -> AppResult<Option<PageMeta>> {
    let Ok(id) = id.parse::<i64>() else {
        return Ok(None);
    };
    let lecture = AppError::found(lectures::get(&ctx.db, id).await)?;
    Ok(lecture.map(|lecture| {
        let image = lecture.image.as_deref().map(|key| ctx.storage.url(key));
        let about = lecture.summary.as_deref().unwrap_or(&lecture.author);
        PageMeta::new(lecture.title, about, image)
    }))
}
