//! Accounts: who people are and how they prove it.

pub mod api;
mod entity;
pub mod enums;
pub mod events;
pub mod export;
mod policy;
pub mod service;

pub use api::configure;
pub use policy::TOKEN_ACCOUNT_OPERATIONS;
pub use service::demo::{Creator, DemoMember, demo_member};
pub use service::directory::Directory;
pub use service::session::SessionStore;
pub use service::staff::{
    AdminCreated, account_exists, create_admin, password_change_pending, require_password_change,
};
