use sea_orm::entity::prelude::*;

/// A PDF of evidence for a milestone's report: waiting for the next report (`reported_at`
/// none, seen by the owner only), or part of a report.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_milestone_files")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub milestone_id: i64,
    pub project_id: i64,
    pub filename: String,
    pub storage_key: String,
    pub byte_size: i64,
    /// SHA-256 (hex) of the file's bytes, as anyone downloading it can recompute.
    pub sha256: String,
    pub uploaded_at: DateTimeUtc,
    pub reported_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
