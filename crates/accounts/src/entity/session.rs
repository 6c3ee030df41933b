use sea_orm::entity::prelude::*;

/// A sign-in. Only the SHA-256 of the bearer token is stored, so a leaked table
/// does not leak usable tokens.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    /// The `User-Agent` the session was started with (cut to 512 characters), for the
    /// member's list of sessions; `None` before it was kept, or when none was sent.
    pub user_agent: Option<String>,
    /// When the session was last used, to within [`crate::service::session::ACTIVE_EVERY`].
    pub last_active_at: Option<DateTimeUtc>,
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
