//! Reports and moderation (issue 23, item 2). Any signed-in member reports a topic, reply,
//! working group, group update or profile, with a reason from the terms' review
//! guidelines. The group's owner and moderators review reports about their group's
//! content; staff review them all. Their actions (dismiss, hide with a reason the author
//! sees, delete, warn, suspend the author) are recorded in the moderation log, which the
//! group's members read, without the reporters. Content is hidden after a configured
//! number of independent reports until someone reviews it.
//!
//! The crate owns the reports and the log. The content belongs to its crates, which
//! answer through [`kernel::moderation::Reportable`]; `app` registers them in
//! [`Reportables`].

pub mod api;
mod entity;
pub mod events;
pub mod export;
mod policy;
pub mod service;

pub use api::configure;
pub use service::Reportables;
