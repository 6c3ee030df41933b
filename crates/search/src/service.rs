//! Asking every source and ranking their hits together.

use std::sync::Arc;

use fulltext::{FullText, Hit, SearchKind, Source};
use kernel::{AppError, AppResult, CurrentUser};

/// Results a page shows.
pub const PER_PAGE: u64 = 20;
/// How deep a search goes: past this many pages, refine the words instead.
pub const MAX_PAGE: u64 = 10;
/// The longest search text.
pub const MAX_CHARS: usize = 200;

pub const EMPTY: &str = "Enter the words to search for.";
pub const TOO_LONG: &str = "Use at most 200 characters.";
pub const PAST_THE_END: &str = "Search results go 10 pages deep; add words to narrow them.";

/// The sources `app` registered.
#[derive(Clone, Default)]
pub struct Sources(Vec<Arc<dyn Source>>);

impl Sources {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with(mut self, source: Arc<dyn Source>) -> Self {
        self.0.push(source);
        self
    }
}

/// One page of results.
#[derive(Debug, Clone, PartialEq)]
pub struct Results {
    pub hits: Vec<Hit>,
    pub has_more: bool,
}

/// The text a member typed, checked: not blank, not too long; control characters (a NUL,
/// which PostgreSQL refuses in text) are dropped.
pub fn checked(text: &str) -> AppResult<String> {
    let text: String = text.chars().filter(|c| !c.is_control()).collect();
    let text = text.trim().to_owned();
    if text.is_empty() {
        return Err(AppError::field("q", EMPTY));
    }
    if text.chars().count() > MAX_CHARS {
        return Err(AppError::field("q", TOO_LONG));
    }
    Ok(text)
}

/// Page `page` of what `viewer` may read matching `text`, of `kind` or of every kind, best
/// first: each source is asked once for enough hits to fill the pages up to this one.
pub async fn search(
    sources: &Sources,
    text: &str,
    kind: Option<SearchKind>,
    viewer: Option<&CurrentUser>,
    page: u64,
) -> AppResult<Results> {
    let text = checked(text)?;
    if page > MAX_PAGE {
        return Err(AppError::field("page", PAST_THE_END));
    }
    let Some(query) = FullText::parse(&text) else {
        return Ok(Results {
            hits: Vec::new(),
            has_more: false,
        });
    };
    let wanted = page * PER_PAGE + 1;
    let mut hits = Vec::new();
    for source in &sources.0 {
        let kinds: Vec<SearchKind> = source
            .kinds()
            .iter()
            .copied()
            .filter(|k| kind.is_none_or(|wanted| wanted == *k))
            .collect();
        if !kinds.is_empty() {
            hits.extend(source.search(&query, &kinds, viewer, wanted).await?);
        }
    }
    Ok(page_of(hits, page))
}

/// The best first (the newer of equals first), then the page's share.
fn page_of(mut hits: Vec<Hit>, page: u64) -> Results {
    hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(b.at.cmp(&a.at)));
    let skip = usize::try_from((page - 1) * PER_PAGE).unwrap_or(usize::MAX);
    let has_more = hits.len() > skip + PER_PAGE as usize;
    Results {
        hits: hits
            .into_iter()
            .skip(skip)
            .take(PER_PAGE as usize)
            .collect(),
        has_more,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fulltext::Snippet;

    fn hit(id: i64, score: f64) -> Hit {
        Hit {
            kind: SearchKind::Group,
            id,
            title: String::new(),
            route: String::new(),
            place: None,
            snippet: Snippet::default(),
            score,
            at: kernel::clock::now(),
        }
    }

    #[test]
    fn hits_of_every_source_are_ranked_together_and_paged() {
        let hits: Vec<Hit> = (0..45).map(|i| hit(i, f64::from(i as i32))).collect();
        let first = page_of(hits.clone(), 1);
        assert_eq!(first.hits.len(), 20);
        assert_eq!(first.hits[0].id, 44);
        assert!(first.has_more);
        let third = page_of(hits, 3);
        assert_eq!(
            third.hits.iter().map(|h| h.id).collect::<Vec<_>>(),
            vec![4, 3, 2, 1, 0]
        );
        assert!(!third.has_more);
    }

    #[test]
    fn a_blank_or_overlong_text_is_refused() {
        assert!(checked("   ").is_err());
        assert!(checked(&"a".repeat(201)).is_err());
        assert_eq!(
            checked(&format!(" {} ", "é".repeat(200))).ok(),
            Some("é".repeat(200))
        );
        assert_eq!(checked("stro\u{0}ke\n").ok(), Some("stroke".to_owned()));
        assert!(checked("\u{0}\u{7}").is_err());
    }
}
