//! Integration tests of outgoing webhooks through the real app, delivering to a real HTTP
//! receiver on a loopback port.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod delivering;
mod managing;
mod support;
