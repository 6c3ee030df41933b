use sea_orm::entity::prelude::*;

/// One registered version of a project's protocol: never changed once written.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_protocols")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    /// 1 for the first registration, then one more per amendment.
    pub version: i32,
    /// Sanitised rich text.
    pub body: String,
    /// Why the amendment was made; none for version 1.
    pub reason: Option<String>,
    /// SHA-256 (hex) of the registration's document (`service::protocols::document`).
    pub content_hash: String,
    pub registered_by: i64,
    pub registered_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
