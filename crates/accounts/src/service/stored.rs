//! How form values are stored: lists as JSON text, blank strings as absent.

use kernel::{AppError, AppResult};

/// A list as the JSON text the users table keeps.
pub fn json_list<T: serde::Serialize>(items: &[T]) -> AppResult<String> {
    serde_json::to_string(items).map_err(|e| AppError::Internal(e.into()))
}

/// Trimmed text, or `None` when blank.
pub fn text(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Free text a member types about themselves (bio, title, location…): plain text, any
/// markup dropped, or `None` when nothing readable is left.
pub fn plain(value: Option<String>) -> Option<String> {
    value
        .map(|v| kernel::rich_text::plain_field(&v))
        .filter(|v| !v.is_empty())
}
