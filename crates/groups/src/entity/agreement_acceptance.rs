use sea_orm::entity::prelude::*;

/// A member's acceptance of one version of a group's data-use agreement: the record the
/// owner exports.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "group_agreement_acceptances")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    pub user_id: i64,
    pub version: i32,
    pub accepted_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
