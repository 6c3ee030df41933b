use sea_orm::entity::prelude::*;

/// An open invitation to an e-mail address; it goes away once accepted or cancelled.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "working_group_invitations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    /// Lower-cased; only the holder of this address may accept.
    pub email: String,
    pub message: String,
    /// SHA-256 of the mailed token (the token itself is never stored).
    pub token_hash: String,
    pub invited_by_id: i64,
    pub created_at: DateTimeUtc,
    pub sent_at: DateTimeUtc,
    /// How many times it was mailed (resends are capped).
    pub send_count: i32,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
