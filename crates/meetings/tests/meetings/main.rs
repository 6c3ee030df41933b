//! Integration tests of events through the real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod calendar;
mod reminders;
mod scheduling;
mod support;
