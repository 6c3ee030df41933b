//! The rules of the feed crate; handlers stay thin.

pub mod activity;
pub mod counts;
pub mod dashboard;
pub mod digests;
pub mod facts;
mod in_app;
pub mod inbox;
pub mod notices;
pub mod notify;
pub mod outbox;
pub mod scale;
pub mod tickets;
pub mod unread;
