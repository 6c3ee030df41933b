//! Integration tests of the groups crate through the real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod agreements;
mod browse;
mod lapsed_agreement;
mod materials;
mod membership;
mod moderation;
mod staff_lookups;
mod support;
mod updates;
mod wizard;
