//! Integration tests of the discussions crate through the real app, on a working group.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod following;
mod guardrail;
mod live;
mod mentions;
mod reactions;
mod replies;
mod support;
mod topics;
mod votes;
