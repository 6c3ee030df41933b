use sea_orm::entity::prelude::*;

use crate::enums::LedgerKind;

/// One movement of a project's funding, written in the transaction that made it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_ledger")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    pub pledge_id: Option<i64>,
    pub kind: LedgerKind,
    /// Minor units; what the entry adds to the pledged total (negative takes away).
    pub amount_cents: i64,
    pub currency: String,
    /// The processor's id for the movement (a charge, a refund), when it has one.
    pub provider_ref: Option<String>,
    pub idempotency_key: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
