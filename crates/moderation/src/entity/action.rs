use kernel::moderation::{ModerationAction, ReportSubject};
use sea_orm::entity::prelude::*;

/// One entry of the moderation log: who did what to which item, when and why. It never
/// names who reported.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "moderation_actions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub subject_type: ReportSubject,
    pub subject_id: i64,
    pub group_id: Option<i64>,
    pub author_id: Option<i64>,
    /// The item's name when acted on: the log still names a deleted one.
    pub title: String,
    /// `None`: hidden by the platform after enough reports.
    pub actor_id: Option<i64>,
    pub action: ModerationAction,
    pub reason: Option<String>,
    /// How many open reports it settled.
    pub reports: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
