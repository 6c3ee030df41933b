//! The rules of projects; `api/` only converts.

pub mod backing;
pub mod browse;
pub mod changes;
pub mod deadlines;
pub mod discussion;
pub mod drafts;
pub mod dynamic_review;
pub mod eligibility;
pub mod favorites;
pub mod needs;
pub mod pledging;
pub mod prize;
pub mod review;
pub mod tags;
pub mod team;
pub mod updates;
