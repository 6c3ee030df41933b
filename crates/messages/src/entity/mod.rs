//! The messages crate's tables; they never leave the crate.

pub mod block;
pub mod conversation;
pub mod member;
pub mod message;
pub mod quota;
pub mod setting;
