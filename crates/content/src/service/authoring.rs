//! Rules every staff-written piece of content follows.

use kernel::error::FieldErrors;
use kernel::{AppError, AppResult};
use media::images::Shape;

/// Pictures staff upload (blog headers, lecture posters, banners, menu pictures).
pub const PICTURE: Shape = Shape {
    max_width: 1200,
    thumbnail_side: 480,
};

pub const BAD_SLUG: &str = "Use lowercase letters, digits and hyphens only.";
pub const BAD_PAGE_SLUG: &str =
    "Use lowercase letters, digits and hyphens, in parts separated by /.";

/// Refuses HTML that would run code or embed a document, naming each offending field.
pub fn refuse_active_html(fields: &[(&str, &str)]) -> AppResult<()> {
    let mut errors = FieldErrors::new();
    for (name, html) in fields {
        if let Some(reason) = kernel::rich_text::active_content(html) {
            errors.insert((*name).to_owned(), vec![reason.to_owned()]);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::Validation(errors))
    }
}

/// A one-part slug (posts, categories).
pub fn check_slug(field: &str, slug: &str) -> AppResult<()> {
    if kernel::slug::is_valid_path(slug) && !slug.contains('/') {
        Ok(())
    } else {
        Err(AppError::field(field, BAD_SLUG))
    }
}

/// A page's slug, which may have several parts (`lgp/terms`).
pub fn check_page_slug(field: &str, slug: &str) -> AppResult<()> {
    if kernel::slug::is_valid_path(slug) {
        Ok(())
    } else {
        Err(AppError::field(field, BAD_PAGE_SLUG))
    }
}
