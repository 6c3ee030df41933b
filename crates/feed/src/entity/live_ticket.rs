use sea_orm::entity::prelude::*;

/// A single-use ticket that opens the live channel for its session; only its SHA-256 is
/// stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "live_tickets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub ticket_hash: String,
    pub user_id: i64,
    /// The hash of the session that asked for it: the socket lives as long as it does.
    pub session_hash: String,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
