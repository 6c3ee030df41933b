//! Blog posts' and lectures' pages as link previews and search engines show them: a post is
//! schema.org's `Article`, filed under its slug however it was reached; a lecture a `Course`.

use kernel::page_meta::PageMeta;
use kernel::rich_text::plain_text;
use kernel::{AppContext, AppError, AppResult};
use serde_json::json;

use crate::service::{blog, lectures};

/// `/blog/{id or slug}` of a published post.
pub async fn post(ctx: &AppContext, key: &str) -> AppResult<Option<PageMeta>> {
    let post = AppError::found(blog::post(&ctx.db, key, None).await)?;
    Ok(post.map(|post| {
        let image = post.header_image.as_deref().map(|key| ctx.storage.url(key));
        let mut article = json!({
            "@type": "Article",
            "headline": post.title,
            "description": plain_text(&post.description),
            "datePublished": post.date.to_rfc3339(),
            "dateModified": post.updated_at.to_rfc3339(),
        });
        if let Some(image) = &image {
            article["image"] = json!(image);
        }
        PageMeta::new(post.title, &post.description, image)
            .at(format!("/blog/{}", post.slug))
            .describing(article)
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
        let mut course = json!({
            "@type": "Course",
            "name": lecture.title,
            "description": plain_text(about),
            "author": { "@type": "Person", "name": lecture.author },
        });
        if let Some(image) = &image {
            course["image"] = json!(image);
        }
        PageMeta::new(lecture.title, about, image).describing(course)
    }))
}
