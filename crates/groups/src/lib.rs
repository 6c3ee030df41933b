//! Working groups: the wizard, membership, join requests, invitations, roles, materials, updates and moderation status.
//!
//! The crate owns its tables, DTOs, services, policy and routes (DESIGN.md §2); its
//! features arrive with their issues.
