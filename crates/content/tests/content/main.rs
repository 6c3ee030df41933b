//! Integration tests of the content crate through the real app, on the demo content.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod blog;
mod captions;
mod forms;
mod pages;
mod seed;
mod staff;
