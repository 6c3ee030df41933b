use sea_orm::entity::prelude::*;

use crate::enums::{Level, SubjectType};

/// A member follows or mutes a topic or a place's whole discussion. `Normal` is never
/// stored: it is the absence of a row.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "discussion_subscriptions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub subject_type: SubjectType,
    #[sea_orm(primary_key, auto_increment = false)]
    pub subject_id: i64,
    pub level: Level,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
