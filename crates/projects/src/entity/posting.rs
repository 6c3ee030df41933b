use sea_orm::entity::prelude::*;

use crate::enums::LedgerAccount;

/// One leg of a ledger entry: what it moved into (positive) or out of (negative) an account.
/// An entry's postings sum to zero.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_ledger_postings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub entry_id: i64,
    pub project_id: i64,
    pub account: LedgerAccount,
    /// Minor units; never zero.
    pub amount_cents: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
