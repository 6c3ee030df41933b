//! Integration tests of direct messages through the real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod conversations;
mod moderation;
mod privacy;
mod quota;
mod support;
