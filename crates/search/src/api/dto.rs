//! What the search endpoint answers.

use chrono::{DateTime, Utc};
use fulltext::{Hit, SearchKind, SnippetPart};
use serde::Serialize;
use utoipa::ToSchema;

/// One thing found.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchHit {
    pub kind: SearchKind,
    pub id: i64,
    pub title: String,
    /// Its page in the app.
    pub route: String,
    /// Where it sits: a topic's or reply's working group, blog post or project; a
    /// lecture's speaker; a member's title.
    pub place: Option<String>,
    /// The passage that matched, in runs; `hit` runs are the matching words.
    pub snippet: Vec<SnippetPart>,
    pub at: DateTime<Utc>,
}

impl From<Hit> for SearchHit {
    fn from(hit: Hit) -> Self {
        Self {
            kind: hit.kind,
            id: hit.id,
            title: hit.title,
            route: hit.route,
            place: hit.place,
            snippet: hit.snippet.0,
            at: hit.at,
        }
    }
}

/// A page of results, best first.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    pub data: Vec<SearchHit>,
    pub page: u64,
    /// A next page has results.
    pub has_more: bool,
}
