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
