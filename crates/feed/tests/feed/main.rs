//! Integration tests of the feed crate through the real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod digests;
mod feed;
mod live;
mod notifications;
mod outbox;
