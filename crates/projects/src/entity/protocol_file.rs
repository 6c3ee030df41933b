use sea_orm::entity::prelude::*;

/// A PDF of a project's protocol: an upload waiting for a registration (`protocol_id` none),
/// or part of a registered version (each version holds its own rows).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_protocol_files")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    pub protocol_id: Option<i64>,
    /// The order within its version.
    pub position: i32,
    pub filename: String,
    pub storage_key: String,
    pub byte_size: i64,
    /// SHA-256 (hex) of the file's bytes, as anyone downloading it can recompute.
    pub sha256: String,
    pub uploaded_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
