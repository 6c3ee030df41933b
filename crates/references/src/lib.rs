//! Research references (issue 24, item 5): working groups and projects link the trials they
//! run or follow — ClinicalTrials.gov (NCT) and ISRCTN registrations — and the publications
//! behind them — DOIs and PubMed ids. Each identifier is read from what a member pastes (the
//! bare identifier or the registry's link), checked by its scheme's format, kept in one
//! canonical form, and shown as a badge linking to its registry. Its title is fetched from
//! the registry only where the operator allows the registry's origin
//! (`COHORT_OUTBOUND_ALLOWLIST`): by default the platform makes no outbound call.
//!
//! The crate owns the links. What a place is (can the viewer see it, may they edit its
//! references) is the place's crate's answer, through [`target::Place`]; `app` registers
//! working groups and projects in [`Places`].

pub mod api;
mod entity;
pub mod enums;
pub mod export;
pub mod identifiers;
pub mod metadata;
mod policy;
pub mod service;
pub mod target;

pub use api::configure;
pub use target::{Place, Places};
