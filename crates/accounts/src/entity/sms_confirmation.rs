use sea_orm::entity::prelude::*;

/// A 6-digit code sent by SMS, redeemed with its `sms_confirm_token`. Both are stored
/// hashed; a code allows a few wrong guesses, then the token is dead.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sms_confirmations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// `confirm_account` (after sign-up) or `change_phone`.
    pub purpose: String,
    pub phone_number: String,
    pub code_hash: String,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub attempts: i32,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
