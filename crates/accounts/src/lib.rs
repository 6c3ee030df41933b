//! Accounts: who people are and how they prove it.

pub mod api;
mod entity;
pub mod enums;
mod policy;
pub mod service;

pub use api::configure;
pub use service::session::SessionStore;
pub use service::staff::{AdminCreated, StaffRole, account_exists, create_admin};
