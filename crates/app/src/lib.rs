//! The `cohort` application: wiring of every domain crate into one actix app.

pub mod api;
mod captcha;
mod console;
mod dev_mailbox;
mod discussion_targets;
mod envelope;
mod feed_facts;
mod health;
mod methods;
mod private_files;
mod request_span;
mod security_headers;
pub mod seed;
mod spa;
mod staff_gate;
pub mod startup;

pub use startup::{Application, Parts, build_context, build_parts, migrate};
