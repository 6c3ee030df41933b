//! Integration tests of the one search through the real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod finding;
mod privacy;
mod scale;
