//! Integration tests of the `app` crate: one binary, one module per concern.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod api;
mod backups;
mod charging_crash;
mod cli;
mod console;
mod contract_docs;
mod contract_statuses;
mod crash;
mod group_activity;
mod headers;
mod health_metrics;
mod mail_delivery;
mod migrations;
mod page_heads;
mod payments;
mod permissions;
mod proxy;
mod query_plans;
mod rate_limits;
mod scene;
mod site_index;
mod speed;
mod statements;
mod takeover;
mod upgrades;
