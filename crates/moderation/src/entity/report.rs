use kernel::moderation::{ReportReason, ReportSubject};
use sea_orm::entity::prelude::*;

/// A member's report. Open until a moderator acts on its subject.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "reports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub subject_type: ReportSubject,
    pub subject_id: i64,
    /// The working group whose owner and moderators review it, when there is one.
    pub group_id: Option<i64>,
    pub reporter_id: i64,
    pub reason: ReportReason,
    pub details: Option<String>,
    pub created_at: DateTimeUtc,
    pub resolved_at: Option<DateTimeUtc>,
    /// The action that settled it.
    pub action_id: Option<i64>,
    /// Its reporter's standing let it count toward hiding the item when it was filed.
    pub counts_to_hide: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
