//! The typed blocks a landing page's body is made of (spec 2 §2 Aspect-in-stroke landing
//! page): carousel, two article lists, iframe, and HTML for any other type.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One slide of a carousel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Slide {
    /// HTML (sanitised).
    #[serde(default)]
    pub description: String,
    pub image: Option<String>,
    /// An embedded viewer's address shown instead of the picture.
    pub iframe: Option<String>,
    pub button_link: Option<String>,
    pub button_label: Option<String>,
}

/// A carousel's slides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Carousel {
    pub slides: Vec<Slide>,
}

/// One article card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Article {
    pub title: String,
    /// HTML (sanitised).
    #[serde(default)]
    pub description: String,
    pub image: Option<String>,
    pub link: Option<String>,
}

/// A list of article cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Articles {
    pub articles: Vec<Article>,
    /// Cards per row.
    pub articles_in_line: Option<i32>,
    /// The first card takes a row of its own.
    #[serde(default)]
    pub first_alone: bool,
}

/// A block of a landing page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum Block {
    Carousel(Carousel),
    MultipleArticlesPagesPagination(Articles),
    MultipleArticlesPages(Articles),
    /// The address of an embedded page (shown 480 high): https, or a path of this site.
    Iframe(String),
    /// HTML (sanitised); blocks of any other type are stored as this.
    Html(String),
}

use kernel::links::{NOT_A_WEB_ADDRESS, NOT_EMBEDDABLE, WebUrl, is_web_address};

/// True for an address a frame may show: a path on this site or an allowed player.
fn embeddable(url: &str) -> bool {
    WebUrl::embed(url).is_ok()
}

/// Why staff may not save an embedded address.
pub const BAD_FRAME: &str = NOT_EMBEDDABLE;

impl Block {
    /// Why staff may not save this block as written: HTML that runs code, or an embed
    /// that is not a web address. Saving never silently drops what staff wrote.
    pub fn problem(&self) -> Option<&'static str> {
        let html = kernel::rich_text::active_content;
        let frame = |url: &str| (!embeddable(url)).then_some(BAD_FRAME);
        let link = |url: &Option<String>| {
            url.as_deref()
                .is_some_and(|u| !is_web_address(u))
                .then_some(NOT_A_WEB_ADDRESS)
        };
        match self {
            Self::Html(text) => html(text),
            Self::Iframe(url) => frame(url),
            Self::Carousel(c) => c.slides.iter().find_map(|s| {
                html(&s.description)
                    .or_else(|| s.iframe.as_deref().and_then(frame))
                    .or_else(|| link(&s.button_link))
            }),
            Self::MultipleArticlesPagesPagination(a) | Self::MultipleArticlesPages(a) => a
                .articles
                .iter()
                .find_map(|article| html(&article.description).or_else(|| link(&article.link))),
        }
    }
}

impl Block {
    /// The block with its HTML sanitised and unsafe embeds dropped; `None` when nothing
    /// safe is left.
    pub fn cleaned(self) -> Option<Self> {
        let page = kernel::rich_text::sanitize_page;
        let articles = |a: Articles| Articles {
            articles: a
                .articles
                .into_iter()
                .map(|article| Article {
                    description: page(&article.description),
                    link: article.link.filter(|u| is_web_address(u)),
                    ..article
                })
                .collect(),
            ..a
        };
        Some(match self {
            Self::Carousel(c) => Self::Carousel(Carousel {
                slides: c
                    .slides
                    .into_iter()
                    .map(|s| Slide {
                        description: page(&s.description),
                        iframe: s.iframe.filter(|u| embeddable(u)),
                        button_link: s.button_link.filter(|u| is_web_address(u)),
                        ..s
                    })
                    .collect(),
            }),
            Self::MultipleArticlesPagesPagination(a) => {
                Self::MultipleArticlesPagesPagination(articles(a))
            }
            Self::MultipleArticlesPages(a) => Self::MultipleArticlesPages(articles(a)),
            Self::Iframe(url) if embeddable(&url) => Self::Iframe(url),
            Self::Iframe(_) => return None,
            Self::Html(html) => Self::Html(page(&html)),
        })
    }
}

/// Reads stored blocks; a block of an unknown type becomes HTML of its value.
pub fn parse(json: &str) -> Vec<Block> {
    let raw: Vec<serde_json::Value> = serde_json::from_str(json).unwrap_or_default();
    raw.into_iter()
        .filter_map(
            |value| match serde_json::from_value::<Block>(value.clone()) {
                Ok(block) => Some(block),
                Err(_) => value
                    .get("value")
                    .and_then(|v| v.as_str())
                    .map(|html| Block::Html(html.to_owned())),
            },
        )
        .filter_map(Block::cleaned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_types_read_as_html_and_everything_is_cleaned() {
        let blocks = parse(
            r#"[{"type":"iframe","value":"https://player.vimeo.com/video/1"},
                {"type":"iframe","value":"javascript:alert(1)"},
                {"type":"quote","value":"<p>Hi<script>x</script></p>"},
                {"type":"carousel","value":{"slides":[{"description":"<b onclick='x'>One</b>","image":null,"iframe":"ftp://elsewhere","button_link":"/a","button_label":"Go"}]}}]"#,
        );
        assert_eq!(blocks.len(), 3);
        assert_eq!(
            blocks[0],
            Block::Iframe("https://player.vimeo.com/video/1".into())
        );
        assert_eq!(blocks[1], Block::Html("<p>Hi</p>".into()));
        let Block::Carousel(carousel) = &blocks[2] else {
            panic!("a carousel")
        };
        assert_eq!(carousel.slides[0].description, "<b>One</b>");
        assert_eq!(carousel.slides[0].iframe, None);
    }

    #[test]
    fn staff_are_told_what_would_be_dropped() {
        assert_eq!(
            Block::Html("<p>Hi<script>x</script></p>".into()).problem(),
            Some(kernel::rich_text::ACTIVE_TAG)
        );
        assert_eq!(
            Block::Iframe("javascript:alert(1)".into()).problem(),
            Some(BAD_FRAME)
        );
        assert_eq!(
            Block::Iframe("https://viewer.example/1".into()).problem(),
            Some(BAD_FRAME),
            "only allowed players"
        );
        assert_eq!(
            Block::Iframe("/\\evil.example".into()).problem(),
            Some(BAD_FRAME)
        );
        assert_eq!(
            Block::Iframe("https://www.youtube-nocookie.com/embed/x".into()).problem(),
            None
        );
        assert_eq!(Block::Iframe("/pages/x".into()).problem(), None);
        assert_eq!(Block::Html("<p>Fine</p>".into()).problem(), None);
    }
}
