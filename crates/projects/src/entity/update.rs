use owner_updates::UpdateStatus;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_updates")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    pub title: String,
    /// Rich text, sanitised on write.
    pub text: String,
    /// Storage key of the picture.
    pub image: Option<String>,
    pub video_url: Option<String>,
    pub created_by_id: i64,
    pub approved_status: UpdateStatus,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Hidden by moderators (or by enough members' reports) until reviewed: out of the
    /// project's public updates; its author sees why.
    pub hidden_at: Option<DateTimeUtc>,
    pub hidden_reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

owner_updates::update_table!("project_update", "projects", project_id, ProjectId);
