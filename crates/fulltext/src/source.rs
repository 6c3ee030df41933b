//! The port every searchable domain answers through.

use async_trait::async_trait;

use super::full_text::FullText;
use super::hit::{Hit, SearchKind};
use kernel::{AppResult, CurrentUser};

/// A domain's searchable things.
#[async_trait]
pub trait Source: Send + Sync {
    /// The kinds this source finds.
    fn kinds(&self) -> &'static [SearchKind];

    /// The best `limit` matches of `query` among `kinds` (a subset of [`Source::kinds`])
    /// that `viewer` may read, best first, in a fixed number of statements.
    async fn search(
        &self,
        query: &FullText,
        kinds: &[SearchKind],
        viewer: Option<&CurrentUser>,
        limit: u64,
    ) -> AppResult<Vec<Hit>>;
}
