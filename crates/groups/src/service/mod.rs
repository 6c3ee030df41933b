//! The rules of working groups; handlers stay thin.

pub mod activity;
pub mod agreements;
pub mod browse;
pub mod content;
pub mod detail;
pub mod directory;
pub mod discussion;
pub mod emails;
pub mod guardrail;
pub mod invitations;
pub mod join_requests;
pub mod links;
pub mod lookups;
pub mod lookups_admin;
pub mod materials;
pub mod membership;
pub mod moderation;
pub mod previews;
pub mod reportable;
pub mod scale;
pub mod search;
pub mod sitemap;
pub mod slug;
pub mod trends;
pub mod updates;
pub mod wizard;
