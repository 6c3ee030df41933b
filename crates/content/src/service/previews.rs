//! Blog posts', lectures' and content pages as link previews and search engines show them: a
//! post is schema.org's `Article`, filed under its slug however it was reached; a lecture a
//! `Course`; a content page is filed under the address the site shows it at.

use kernel::page_meta::PageMeta;
use kernel::rich_text::plain_text;
use kernel::{AppContext, AppError, AppResult};
use serde_json::json;

use crate::service::{blog, lectures, pages};

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

/// `/pages/{slug}`: its title and description for search engines (the staff's own, or the
/// page's title and opening), filed under the page's address (`/pages/about-us` is `/about`).
pub async fn page(ctx: &AppContext, slug: &str) -> AppResult<Option<PageMeta>> {
    let page = AppError::found(pages::by_slug(&ctx.db, slug).await)?;
    Ok(page.map(|page| {
        let description = page.meta_description.as_deref().unwrap_or(&page.body);
        PageMeta::new(
            page.meta_title.clone().unwrap_or(page.title),
            description,
            None,
        )
        .at(pages::route_of(&page.slug))
    }))
}
