//! The rules of the webhooks crate; handlers stay thin.

pub mod addresses;
pub mod deliveries;
pub mod endpoints;
pub mod occurrences;
pub mod signing;
pub mod worker;
