use sea_orm::entity::prelude::*;

/// A member's personal API token. Only the SHA-256 of the token is stored; `prefix` is its
/// first characters, shown so the member can tell their tokens apart.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_tokens")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub prefix: String,
    /// Space-separated [`crate::enums::TokenScope`] values.
    pub scopes: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub last_used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::UserId",
        to = "super::user::Column::Id",
        on_delete = "Cascade"
    )]
    User,
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::User.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
