use kernel::notification_kinds::EmailFrequency;
use sea_orm::entity::prelude::*;

/// A notice whose e-mail waits for its member's next digest.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "digest_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub kind: kernel::notification_kinds::NotificationKind,
    pub frequency: EmailFrequency,
    pub title: String,
    pub message: String,
    pub route: Option<String>,
    pub created_at: DateTimeUtc,
    /// The digest that carried it; none while it waits.
    pub digest_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
