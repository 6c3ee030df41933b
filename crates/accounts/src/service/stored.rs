//! How form values are stored: blank strings as absent, free text as plain text.

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
