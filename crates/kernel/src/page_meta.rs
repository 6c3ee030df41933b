//! What a public page says about itself before any script runs: the title, description and
//! picture link previews and search results show. Each domain crate describes its own records'
//! pages; the app writes them into the page's `<head>` (and answers 404 when there is no
//! such record for a visitor).

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
}

impl PageMeta {
    /// `description` may be rich text; it is reduced to plain text and cut at a word.
    pub fn new(title: impl Into<String>, description: &str, image: Option<String>) -> Self {
        Self {
            title: title.into(),
            description: cut(&crate::rich_text::plain_text(description)),
            image,
        }
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
