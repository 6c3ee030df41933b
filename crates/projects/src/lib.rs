//! Research projects (issue 19), built in steps. This step: the project's own tables, the
//! creator's eligibility (spec 1: "anyone seeking funding for a project must show
//! university affiliation", and the equity fields), drafts saved step by step, submission,
//! and staff review into `live` or `rejected` with a reason. The owner's endpoints under
//! `/me/projects` and the staff queue under `/staff/projects`. The wizard, browsing, the project page, Dynamic Review, favourites and updates come next.

pub mod api;
mod entity;
pub mod enums;
mod policy;
pub mod service;

pub use api::configure;
