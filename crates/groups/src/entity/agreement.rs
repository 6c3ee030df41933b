use sea_orm::entity::prelude::*;

/// One published version of a group's data-use agreement; versions are never edited.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "group_agreements")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    /// 1 for the first agreement, then one more for each new version.
    pub version: i32,
    /// Rich text (sanitised).
    pub body: String,
    /// How long members holding the previous version keep reading private content.
    pub grace_days: i32,
    pub published_by_id: i64,
    pub published_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
