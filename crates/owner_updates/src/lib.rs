//! News that owners post (working group updates, project updates): public once staff
//! approve it; an edit sends it back for review. Both kinds are one shape (issue 48 §2): a
//! table implements [`UpdateTable`] by naming its columns, and gets the draft and its request,
//! writing, the picture, the staff queue and review, the moderators' hide and delete, and the
//! view every list sends. What differs stays with the domain: who may post, the
//! patient-data check's place, and the events a review tells.

mod draft;
mod moderation;
mod reported;
mod review;
mod table;
mod view;
mod writing;

pub use draft::{Body, Draft, Title, UpdateRequest};
pub use moderation::{delete, set_hidden};
pub use reported::{Owners, Place, ReportedUpdates};
pub use review::{queue, review, waiting_count};
pub use table::{UpdateRow, UpdateTable};
pub use view::{OwnerUpdate, Viewed, views};
pub use writing::{edit, insert, set_image};

kernel::string_enum!(
    /// Where an update stands with staff.
    UpdateStatus {
        Approved = "approved",
        WaitingForApproval = "waiting_for_approval",
        NotApproved = "not_approved",
    }
);

kernel::string_enum!(
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
