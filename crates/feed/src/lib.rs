//! Activity events, the feed, notifications and their live channel, and the dashboard.
//!
//! The crate owns its tables, DTOs, services, policy and routes (DESIGN.md §2); its
//! features arrive with their issues.
