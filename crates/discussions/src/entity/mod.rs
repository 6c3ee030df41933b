//! The discussions crate's tables; they never leave the crate.

pub mod attachment;
pub mod post;
pub mod reaction;
pub mod subscription;
pub mod vote;
