//! What the projects crate tells the rest of the platform (the feed listens in `app`).

use kernel::events::Event;

use crate::service::browse::ProjectRef;

/// Staff decided on a submitted project: live (`approved`) or sent back with a reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectReviewed {
    pub project: ProjectRef,
    pub approved: bool,
    /// Why, as staff told the owner.
    pub reason: Option<String>,
    /// The lay summary (rich text).
    pub summary: String,
}

impl Event for ProjectReviewed {}
