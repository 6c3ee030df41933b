//! Facts the accounts crate publishes for other crates (the feed turns them into
//! notifications) without knowing who listens.

use kernel::events::Event;

/// Staff approved or withdrew a member's university affiliation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AffiliationReviewed {
    pub user_id: i64,
    pub approved: bool,
    /// What staff told the member, if anything.
    pub reason: Option<String>,
}

impl Event for AffiliationReviewed {}
