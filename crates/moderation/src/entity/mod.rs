pub mod action;
pub mod report;
