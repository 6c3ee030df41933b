//! Integration tests of research references through the real app.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod linking;
mod titles;
