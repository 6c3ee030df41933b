//! One search for everything (issue 23, item 4): working groups, topics and replies,
//! blog posts, lectures, public profiles and projects that the viewer may read, ranked
//! together, with highlighted snippets and a filter by kind. The domains own their
//! indexes and rules and answer through [`fulltext::Source`]; `app` registers them
//! in [`Sources`]. This crate owns no table.

pub mod api;
pub mod service;

pub use api::configure;
pub use service::Sources;
