//! Integration tests of the projects crate through the real app and its database.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod authentication;
mod backed;
mod browse;
mod budget;
mod campaigns;
mod changes;
mod deadlines;
mod discussion;
mod dynamic_review;
mod escrow;
mod escrow_files;
mod escrow_stripe;
mod funding;
mod lapse;
mod lifecycle;
mod pledging;
mod protocols;
mod reconciliation;
mod results;
mod seed;
mod team;
mod torture;
mod updates;
