//! Integration tests of the accounts crate through the real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod affiliation;
mod login;
mod notification_settings;
mod oauth;
mod passwords;
mod phone;
mod profile;
mod register;
mod two_factor;
