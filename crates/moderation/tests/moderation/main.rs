//! Integration tests of reports, the review queue and the moderation log through the
//! real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod project_updates;
mod reviewing;
mod support;
mod thresholds;
