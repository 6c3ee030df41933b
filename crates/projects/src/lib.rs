//! Research projects (issue 19), built in steps. This step: the project's own tables, the
//! creator's eligibility (spec 1: "anyone seeking funding for a project must show
//! university affiliation", and the equity fields), drafts saved step by step, submission,
//! and staff review into `live` or `rejected` with a reason. The HTTP endpoints, the
//! wizard, browsing, the project page, Dynamic Review, favourites and updates come next.

mod entity;
pub mod enums;
mod policy;
pub mod service;
