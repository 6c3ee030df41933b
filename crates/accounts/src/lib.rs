//! Accounts: who people are and how they prove it.

mod entity;
pub mod service;

pub use service::staff::{AdminCreated, StaffRole, account_exists, create_admin};
