//! A project's public content: what the wizard's General, Research and "Team and needs"
//! steps write and staff approve. Drafts keep it in their own columns and tables; changes
//! to a live project wait as one such document (`projects.pending_changes`) until staff
//! approve them, while the approved version stays public. The budget is not part of it: a
//! live campaign's money plan cannot change under its backers.

use sea_orm::FromJsonQueryResult;
use serde::{Deserialize, Serialize};

use crate::enums::{EthicsStatus, NeedKind};

/// A person on the team, as the owner wrote them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRow {
    pub name: String,
    /// Lower-cased; never shown publicly.
    pub email: Option<String>,
    pub role: String,
    /// The member with that e-mail, when one has an account.
    pub user_id: Option<i64>,
}

/// Something the project asks the community for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeedRow {
    pub kind: NeedKind,
    pub description: String,
}

/// Everything staff review of a project but its budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct Content {
    pub title: String,
    /// Rich text, sanitised on write.
    pub lay_summary: String,
    /// Topic (project tag) ids.
    pub tags: Vec<i64>,
    /// Storage key of the picture.
    pub image: Option<String>,
    pub video_url: Option<String>,
    /// Rich text, sanitised on write.
    pub problem: String,
    pub aims: String,
    pub methods: String,
    pub impact: String,
    pub ethics_status: Option<EthicsStatus>,
    pub conflicts: String,
    pub team: Vec<TeamRow>,
    pub needs: Vec<NeedRow>,
}
