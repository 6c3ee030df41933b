//! The rules of events; handlers stay thin.

pub mod answers;
pub mod calendar;
pub mod listing;
pub mod reminders;
pub mod scheduling;
