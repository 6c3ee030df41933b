//! Facts the content crate publishes (the feed shows them).

use kernel::events::Event;

/// A blog post was published.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlogPostPublished {
    pub post_id: i64,
    pub slug: String,
    pub title: String,
    /// The description without markup.
    pub summary: String,
    /// The header image's address.
    pub image: Option<String>,
    pub author_id: Option<i64>,
}

impl Event for BlogPostPublished {}
