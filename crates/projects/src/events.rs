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

/// Staff reviewed a project update: approved (its followers hear of it) or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectUpdateReviewed {
    pub project: ProjectRef,
    pub update_id: i64,
    pub author_id: i64,
    pub approved: bool,
    /// Why, as staff told the author.
    pub reason: Option<String>,
    pub title: String,
    /// Rich text.
    pub text: String,
    pub image: Option<String>,
    /// Who follows the project (its favouriters); empty unless approved.
    pub followers: Vec<i64>,
}

impl Event for ProjectUpdateReviewed {}
