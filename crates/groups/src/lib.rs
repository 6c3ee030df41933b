//! Working groups: browse, detail, the create/edit wizard, moderation status, and (with
//! their issues) membership, invitations, materials and updates.

pub mod api;
mod entity;
pub mod enums;
pub mod events;
pub mod export;
mod policy;
pub mod read;
pub mod seed;
pub mod service;

pub use api::configure;
pub use service::directory::Directory;
pub use service::materials::is_private_file;
