//! The content read model (issue 48 §7, as Lemmy's `db_views`): what the blog and lecture
//! endpoints answer, read for one item or a page of them in a fixed number of statements,
//! for readers and the console alike.

pub mod blog;
pub mod lectures;
