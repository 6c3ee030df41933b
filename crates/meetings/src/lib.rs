//! Events of working groups and projects (issue 49 §7): their owners and moderators schedule
//! meetings (a title, a description, start and end with the time zone they are given in, an
//! online link or a place); members answer going, maybe or not going; reminders go out a day
//! and an hour before, each once (`service::reminders`); and each member has a secret
//! calendar address serving their events as iCalendar (`service::calendar`), revocable.
//!
//! What holds a meeting is a [`host::Host`], which `app` adapts from `groups` and `projects`,
//! so this crate never reads their tables. Reminders are announced as
//! [`events::MeetingReminder`]; the feed tells each member as their settings say.

pub mod api;
mod entity;
pub mod enums;
pub mod events;
pub mod export;
pub mod host;
pub mod policy;
pub mod read;
pub mod service;

pub use api::configure;
pub use host::{Host, HostName, Hosts, Standing};
