//! The feed crate's tables; they never leave the crate.

pub mod digest;
pub mod digest_entry;
pub mod feed_count;
pub mod feed_item;
pub mod live_ticket;
pub mod notification;
pub mod outbox;
