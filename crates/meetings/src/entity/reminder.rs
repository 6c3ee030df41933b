use sea_orm::entity::prelude::*;

use crate::enums::Lead;

/// A reminder claimed for a member, once per meeting and lead time.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "meeting_reminders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub meeting_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub lead: Lead,
    pub sent_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
