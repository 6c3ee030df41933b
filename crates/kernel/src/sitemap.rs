//! What search engines are told about (`/sitemap.xml`): each domain crate names its public
//! pages as locations; the app writes them out. Also the XML escaping those documents and
//! the blog's Atom feed need.

use chrono::{DateTime, Utc};

/// At most this many locations of one kind (a sitemap holds 50,000 in all).
pub const MAX_PER_KIND: u64 = 10_000;

/// A public page: its path on the site and when it last changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub path: String,
    pub updated: Option<DateTime<Utc>>,
}

impl Location {
    pub fn new(path: impl Into<String>, updated: Option<DateTime<Utc>>) -> Self {
        Self {
            path: path.into(),
            updated,
        }
    }
}

/// `text` safe inside an XML element or attribute.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 cannot hold at all are left out.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_control_characters_never_reach_the_document() {
        assert_eq!(
            xml_escape("Tom & \"Jerry\" <b>'s</b>\u{1}"),
            "Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&lt;/b&gt;"
        );
    }
}
