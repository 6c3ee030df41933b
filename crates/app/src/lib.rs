//! The `cohort` application: wiring of every domain crate into one actix app.

pub mod api;
pub mod backup;
mod captcha;
mod compression;
mod console;
mod contract;
mod contract_security;
mod dev_mailbox;
mod discussion_targets;
pub mod doctor;
mod envelope;
mod feed_facts;
mod group_activity;
mod health;
mod known_paths;
mod media;
mod methods;
mod metrics;
mod page_head;
mod preloads;
mod private_files;
mod project_facts;
mod public_reads;
mod request_span;
pub mod scale;
pub mod schema;
mod security_headers;
pub mod seed;
mod site_index;
mod spa;
mod staff_gate;
pub mod startup;
pub mod statements;
pub mod storage_migrate;
mod test_processor;

pub use startup::{Application, Parts, build_context, build_parts, migrate};
