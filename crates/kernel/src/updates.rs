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

/// The `{action}` of a staff review path: `approve` (true) or `reject` (false); anything
/// else is no page.
pub fn approves(action: &str) -> crate::AppResult<bool> {
    match action {
        "approve" => Ok(true),
        "reject" => Ok(false),
        _ => Err(crate::AppError::not_found()),
    }
}

/// Staff's reason as kept: trimmed, and none when blank.
pub fn reason(given: Option<String>) -> Option<String> {
    given.map(|r| r.trim().to_owned()).filter(|r| !r.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_path_says_approve_or_reject_and_a_blank_reason_is_none() {
        assert!(approves("approve").unwrap_or(false));
        assert!(!approves("reject").unwrap_or(true));
        assert!(approves("publish").is_err());
        assert_eq!(
            reason(Some("  Add dates. ".into())).as_deref(),
            Some("Add dates.")
        );
        assert_eq!(reason(Some("   ".into())), None);
    }
}
