use sea_orm::FromJsonQueryResult;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Identifiers or addresses of what the results rest on (DOIs, PubMed ids, trial registry ids,
/// web addresses), stored as one JSON list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct References(pub Vec<String>);

/// One departure from the registered protocol: what changed, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Deviation {
    /// What was done differently (a named part of the protocol).
    pub what: String,
    pub why: String,
}

/// The deviations, stored as one JSON list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct Deviations(pub Vec<Deviation>);

/// A project's results, as its owner posted them (once).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_results")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    /// Sanitised rich text, for anyone.
    pub lay_summary: String,
    /// Sanitised rich text.
    pub outcomes: String,
    pub publications: References,
    pub data: References,
    pub deviations: Deviations,
    pub posted_by: i64,
    pub posted_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
