//! Outgoing webhooks (issue 47, item 2). Staff subscribe a URL to the platform's events
//! (a project submitted or approved, a pledge, a goal reached, a new topic or member), and a
//! working group's owner subscribes one to their group's. Every delivery is signed (HMAC over
//! the timestamp and the body, in `Cohort-Signature`), written to an outbox when its event is
//! published (in the request that caused it, after its change is committed), sent by a worker
//! that retries failures with backoff, and kept with the receiver's answer as the delivery log
//! for 30 days; owners redeliver by hand. A webhook whose attempts fail again and again is
//! turned off, and its creator is told.
//!
//! Deliveries go only where the operator allows: an origin in `COHORT_OUTBOUND_ALLOWLIST`, or
//! an `https` address whose host resolves to public addresses only — never a private,
//! loopback or link-local one (the address is checked when it is sent to, and the checked
//! address is the one connected to).
//!
//! The crate owns its two tables. What happened is told to it by `app` as an
//! [`Occurrence`]; who owns a group is the groups crate's answer (`kernel::community`).

pub mod api;
mod entity;
pub mod enums;
pub mod events;
pub mod export;
mod policy;
pub mod service;

pub use api::configure;
pub use policy::{DISABLE_AFTER, may_manage_platform};
pub use service::occurrences::{Occurrence, record};
