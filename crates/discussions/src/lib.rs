//! Threaded discussions (topics, replies, quotes, votes, attachments) for any target that implements its access trait.
//!
//! The crate owns its tables, DTOs, services, policy and routes (DESIGN.md §2); its
//! features arrive with their issues.
