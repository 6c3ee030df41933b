//! Threaded discussions (spec 2 §2 Discussion panel, §3 Discussion topic and Comment, §4
//! Voting, Delete and edit): topics, replies that quote what they answer, votes and
//! attached files, for any target — a working group, a blog post, a project — that `app`
//! registers through [`Target`]. The crate never reads another crate's tables.

pub mod api;
mod entity;
pub mod enums;
pub mod events;
pub mod export;
pub mod live;
mod policy;
mod read;
pub mod seed;
mod service;
pub mod target;

pub use api::configure;
pub use service::attachments::is_private_file;
pub use service::reportable::Posts as ReportablePosts;
pub use service::scale;
pub use service::search::Posts as SearchPosts;
pub use service::subscriptions::{Audience, audience};
pub use service::trends;
pub use service::votes::MEMBERS_VOTE;
pub use target::{Access, CommentsDelta, PlaceName, Target, Targets};
