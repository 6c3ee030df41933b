//! Integration tests of the accounts crate through the real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod affiliation;
mod api_tokens;
mod login;
mod notification_settings;
mod oauth;
mod passwords;
mod phone;
mod pictures;
mod profile;
mod recovery_codes;
mod register;
mod sessions;
mod staff_affiliations;
mod staff_users;
mod two_factor;
mod your_data;
