//! The `cohort` application: wiring of every domain crate into one actix app.
//!
//! `startup` builds the context and the server, `api` mounts every crate's endpoints and the
//! contract; `adapters` is where crates meet, `http` what wraps every request, `site` what
//! serves the front end and the files, `routes` the few endpoints `app` answers itself, and
//! `cli` the command line's tools.

pub mod adapters;
pub mod api;
pub mod cli;
pub mod contract;
pub mod http;
pub(crate) mod routes;
pub mod schema;
pub(crate) mod site;
pub mod startup;

pub use startup::{Application, Parts, build_context, build_parts, migrate};
