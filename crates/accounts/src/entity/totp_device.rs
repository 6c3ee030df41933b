use sea_orm::entity::prelude::*;

/// An authenticator app. Unconfirmed until the user proves it with a code; the secret
/// is shown once, at setup, and never again.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "totp_devices")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// Base32 secret.
    pub secret: String,
    pub confirmed: bool,
    /// The last time step whose code was accepted: a code is good once.
    pub last_used_step: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
