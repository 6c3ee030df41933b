use sea_orm::entity::prelude::*;

/// An authorisation in flight: the `state` (hashed) ties the provider's answer to the
/// browser that started it, and the PKCE verifier proves it to the token endpoint.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "oauth_states")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub state_hash: String,
    pub provider: String,
    pub pkce_verifier: String,
    pub redirect_to: Option<String>,
    /// Set when a signed-in user is connecting a provider to their account.
    pub user_id: Option<i64>,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
