use kernel::notification_kinds::EmailFrequency;
use sea_orm::entity::prelude::*;

/// A digest e-mail sent: one per member, frequency and local morning (a unique index).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "digests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub frequency: EmailFrequency,
    /// The member's local date of the morning it went out (`2026-11-30`).
    pub morning: String,
    pub sent_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
