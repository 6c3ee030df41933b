use sea_orm::entity::prelude::*;

/// A single-use, expiring token mailed to a user (confirmation, reset, set password).
/// Only its SHA-256 is stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "account_tokens")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub purpose: String,
    #[sea_orm(unique)]
    pub token_hash: String,
    /// Purpose-specific data, e.g. the redirect after confirmation.
    pub payload: Option<String>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
