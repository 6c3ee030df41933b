//! Research projects (issue 19), built in steps. This step: the project's own tables, the
//! creator's eligibility (spec 1: "anyone seeking funding for a project must show
//! university affiliation", and the equity fields), drafts saved step by step, submission,
//! and staff review into `live` or `rejected` with a reason. The owner's endpoints under
//! `/me/projects` and the staff queue under `/staff/projects`. Browsing, the project page, favourites and Dynamic Review (ratings on five criteria) too; team, needs, budget lines, tags, discussion and updates come next.

pub mod api;
pub mod budget;
mod entity;
pub mod enums;
pub mod events;
mod policy;
pub mod seed;
pub mod service;

pub use api::configure;
