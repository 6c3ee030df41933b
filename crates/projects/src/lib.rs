//! Research projects (issue 19): the creator's eligibility (spec 1: "anyone seeking
//! funding for a project must show university affiliation", and the equity fields), drafts
//! saved step by step, submission and staff review (live or sent back with a reason),
//! changes to a live project waiting for staff, suspension and closing; browsing, the
//! project page, `/needs`, favourites, Dynamic Review, the discussion's target, project
//! updates and prize progress. The owner's endpoints live under `/me/projects`, staff's
//! under `/staff/projects`.

pub mod api;
pub mod budget;
pub mod content;
mod entity;
pub mod enums;
pub mod events;
pub mod export;
mod policy;
pub mod read;
pub mod seed;
pub mod service;

pub use api::configure;
