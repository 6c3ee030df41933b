//! What a public page says about itself before any script runs: the title, description and
//! picture link previews and search results show, its one address, and what it is in
//! schema.org's words. Each domain crate describes its own records' pages; the app writes
//! them into the page's `<head>` (and answers 404 when there is no such record for a visitor).

/// Descriptions are cut to about what previews show.
pub const DESCRIPTION_CHARS: usize = 200;

/// One record's page, as a visitor may see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageMeta {
    pub title: String,
    /// Plain text, at most [`DESCRIPTION_CHARS`] characters.
    pub description: String,
    /// The picture's URL on this site (a path), if the record has one.
    pub image: Option<String>,
    /// The page's own path when the record is also reached at others (a post by its id):
    /// the canonical address search engines file it under.
    pub canonical_path: Option<String>,
    /// The record as a schema.org object (JSON-LD) where a type fits; the app adds its `url`
    /// and `@context` and makes a path in `image` absolute.
    pub structured: Option<serde_json::Value>,
}

impl PageMeta {
    /// `description` may be rich text; it is reduced to plain text and cut at a word.
    pub fn new(title: impl Into<String>, description: &str, image: Option<String>) -> Self {
        Self {
            title: title.into(),
            description: cut(&crate::rich_text::plain_text(description)),
            image,
            canonical_path: None,
            structured: None,
        }
    }

    /// The same page, filed under `path`.
    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.canonical_path = Some(path.into());
        self
    }

    /// The same page, described to search engines as `thing` (a schema.org object).
    pub fn describing(mut self, thing: serde_json::Value) -> Self {
        self.structured = Some(thing);
        self
    }
}

fn cut(text: &str) -> String {
    if text.chars().count() <= DESCRIPTION_CHARS {
        return text.to_owned();
    }
    let head: String = text.chars().take(DESCRIPTION_CHARS - 1).collect();
    let at_word = head.rfind(' ').map_or(head.as_str(), |at| &head[..at]);
    format!("{}…", at_word.trim_end_matches([',', ';', ':', '.']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rich_text_becomes_one_short_plain_line() {
        let meta = PageMeta::new(
            "T",
            "<p>Early <b>mobilisation</b></p>\n<p>at home.</p>",
            None,
        );
        assert_eq!(meta.description, "Early mobilisation at home.");
        let long = "word ".repeat(100);
        let cut = PageMeta::new("T", &long, None).description;
        assert!(
            cut.chars().count() <= DESCRIPTION_CHARS && cut.ends_with("word…"),
            "{cut}"
        );
    }
}
