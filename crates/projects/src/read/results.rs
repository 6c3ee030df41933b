//! A project's results as its page shows them: each publication and data link with what it is
//! (an identifier's scheme, for its badge) and where it resolves.

use chrono::{DateTime, Utc};
use references::enums::IdentifierKind;
use references::identifiers::Identifier;
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::results::{self as posted, Deviation};

/// A publication or data link: what it is, and where it resolves.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ResultLink {
    /// The identifier (`10.1056/…`, `NCT04280705`) or the web address.
    pub text: String,
    pub url: String,
    /// Its scheme, when it is an identifier (the badge it shows with).
    pub kind: Option<IdentifierKind>,
}

impl ResultLink {
    fn of(text: &str) -> Self {
        match Identifier::parse(text) {
            Ok(id) => Self {
                url: id.url(),
                kind: Some(id.kind),
                text: id.value,
            },
            Err(_) => Self {
                text: text.to_owned(),
                url: text.to_owned(),
                kind: None,
            },
        }
    }
}

/// A project's results.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProjectResults {
    /// HTML.
    pub lay_summary: String,
    /// HTML.
    pub outcomes: String,
    pub publications: Vec<ResultLink>,
    pub data: Vec<ResultLink>,
    pub deviations: Vec<Deviation>,
    pub posted_at: DateTime<Utc>,
}

impl From<posted::Model> for ProjectResults {
    fn from(r: posted::Model) -> Self {
        Self {
            lay_summary: r.lay_summary,
            outcomes: r.outcomes,
            publications: r.publications.0.iter().map(|t| ResultLink::of(t)).collect(),
            data: r.data.0.iter().map(|t| ResultLink::of(t)).collect(),
            deviations: r.deviations.0,
            posted_at: r.posted_at,
        }
    }
}
