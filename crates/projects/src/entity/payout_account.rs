use sea_orm::entity::prelude::*;

/// A project owner's payout account at the card processor (their institution's details
/// live there, never here).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payout_accounts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// `test` or `stripe`: an owner has one account at each.
    pub processor: String,
    pub account_id: String,
    /// The processor verified it (last seen): funds may be paid out to it.
    pub verified: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
