use sea_orm::FromJsonQueryResult;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

use crate::enums::MilestoneState;

/// The links a milestone's report gives (publications, data, registries), stored as one
/// JSON list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct Links(pub Vec<String>);

/// One milestone of a funded project's escrow: its tranche, deadline and where it stands.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_milestones")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    /// 1 for the first milestone of the budget, in its order.
    pub position: i32,
    pub title: String,
    pub description: String,
    /// Its share of the escrow, paid out once it is verified.
    pub tranche_cents: i64,
    pub due_at: DateTimeUtc,
    pub state: MilestoneState,
    /// How many times a Content Expert sent it back.
    pub returns: i32,
    /// The owner's report: sanitised rich text.
    pub evidence: Option<String>,
    pub links: Option<Links>,
    pub reported_at: Option<DateTimeUtc>,
    pub decided_at: Option<DateTimeUtc>,
    pub decided_by: Option<i64>,
    /// Why it was sent back (the last time), or why the project ended on it.
    pub reason: Option<String>,
    /// The processor's transfer of its tranche.
    pub payout_ref: Option<String>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
