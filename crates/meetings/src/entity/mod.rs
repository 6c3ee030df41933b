//! The meetings crate's tables; they never leave the crate.

pub mod answer;
pub mod feed;
pub mod meeting;
pub mod reminder;
