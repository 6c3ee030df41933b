//! The rules of projects; `api/` only converts.

pub mod backing;
pub mod browse;
pub mod card_update;
pub mod changes;
pub mod charging;
pub mod deadlines;
pub mod discussion;
pub mod drafts;
pub mod dynamic_review;
pub mod eligibility;
pub mod favorites;
pub mod final_approval;
pub mod ledger;
pub mod needs;
pub mod payout_accounts;
pub mod pledging;
pub mod prize;
pub mod receipts;
pub mod reconciliation;
pub mod refunds;
pub mod review;
pub mod sitemap;
pub mod tags;
pub mod team;
pub mod updates;
pub mod webhooks;
