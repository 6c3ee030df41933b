//! The rules of projects; `api/` (next step) only converts.

pub mod browse;
pub mod drafts;
pub mod eligibility;
pub mod favorites;
pub mod review;
