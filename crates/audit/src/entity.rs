//! The audit log's rows: the entries, each linked into the hash chain.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub actor_id: i64,
    pub action: String,
    pub subject_type: String,
    pub subject_id: String,
    pub detail: String,
    pub created_at: DateTimeUtc,
    /// The entry's place in the chain, from 1.
    pub seq: Option<i64>,
    pub prev_hash: Option<String>,
    pub content_hash: Option<String>,
    pub hash: Option<String>,
    /// The member the entry is about (the account, or the author of the content), who
    /// reads it under their profile.
    pub about_user_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
