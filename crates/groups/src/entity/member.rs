use sea_orm::entity::prelude::*;

use crate::enums::MemberRole;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "working_group_members")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    pub user_id: i64,
    /// `admin` (the owner), `moderator` or `member`.
    pub role: MemberRole,
    /// The data-use agreement version the member last accepted.
    pub agreement_version: Option<i32>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
