use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Stored lower-cased, so lookups need not fold case.
    #[sea_orm(unique)]
    pub email: String,
    pub name: String,
    /// argon2id PHC string; `None` for accounts that only sign in through SSO.
    pub password_hash: Option<String>,
    pub is_active: bool,
    pub email_confirmed: bool,
    /// `admin` or `moderator` for platform staff.
    pub staff_role: Option<String>,
    pub date_joined: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
