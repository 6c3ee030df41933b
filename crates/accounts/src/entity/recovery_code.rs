use sea_orm::entity::prelude::*;

/// One of a member's two-factor recovery codes: shown once, stored hashed, good once.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recovery_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub code_hash: String,
    pub created_at: DateTimeUtc,
    /// When it was used to sign in; `None` while it is still good.
    pub used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
