//! Searching. [`contains`] filters a list by a text (the lists' own search boxes); the
//! rest is the one full-text search behind the header's box: each domain crate owns a
//! full-text index on its own tables (a weighted `tsvector` with a GIN index on
//! PostgreSQL, an FTS5 table kept in step by triggers on SQLite, both made by the
//! migrations) and answers through a [`Source`]; the `search` crate asks every source and
//! ranks what they found together.

mod contains;
mod full_text;
mod hit;
mod public;
mod snippet;
mod source;

pub use contains::contains;
pub use full_text::{CANDIDATES, Found, FullText, Index, MAX_FOUND, Rows};
pub use hit::{Hit, SearchKind};
pub use public::{Listed, PublicSource, Searchable, find};
pub use snippet::{Snippet, SnippetPart};
pub use source::Source;
