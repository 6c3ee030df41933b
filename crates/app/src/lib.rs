//! The `cohort` application: wiring of every domain crate into one actix app.

pub mod api;
mod captcha;
mod dev_mailbox;
mod envelope;
mod health;
pub mod seed;
mod spa;
pub mod startup;

pub use startup::{Application, build_context, migrate};
