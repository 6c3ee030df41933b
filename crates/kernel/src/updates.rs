//! News that owners post (working group updates, project updates): public once staff
//! approve it; an edit sends it back for review. One status for both, so the contract and
//! the client know one set of values.

crate::string_enum!(
    /// Where an update stands with staff.
    UpdateStatus {
        Approved = "approved",
        WaitingForApproval = "waiting_for_approval",
        NotApproved = "not_approved",
    }
);

crate::string_enum!(
    /// The `{action}` of a staff review path (anything else is no page).
    Review {
        Approve = "approve",
        Reject = "reject",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_path_says_approve_or_reject() {
        assert_eq!(Review::parse("approve"), Some(Review::Approve));
        assert_eq!(Review::parse("reject"), Some(Review::Reject));
        assert_eq!(Review::parse("publish"), None);
    }
}
