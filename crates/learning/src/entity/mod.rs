//! The learning crate's tables; they never leave the crate.

pub mod answer;
pub mod answer_option;
pub mod attempt;
pub mod certificate;
pub mod question;
pub mod quiz;
