use sea_orm::entity::prelude::*;

use crate::enums::{IdentifierKind, PlaceType};

/// One identifier a place links.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "research_references")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub place_type: PlaceType,
    pub place_id: i64,
    pub kind: IdentifierKind,
    /// The canonical form (`identifiers::Identifier::value`).
    pub identifier: String,
    /// The form two links of a place are compared in (unique per place).
    pub identifier_key: String,
    /// The trial's or publication's title from its registry (`COHORT_OUTBOUND_ALLOWLIST`).
    pub title: Option<String>,
    pub added_by_id: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
