use crate::enums::DeliveryMethod;
use kernel::json_list::JsonList;
use kernel::notification_kinds::EmailFrequency;
use sea_orm::entity::prelude::*;

/// A user's choice for one kind of notification.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notification_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: kernel::notification_kinds::NotificationKind,
    pub is_active: bool,
    /// JSON list of `in_app` / `email`.
    pub enabled_delivery_methods: JsonList<DeliveryMethod>,
    /// When e-mail is enabled: at once, or in a daily or weekly digest.
    pub email_frequency: EmailFrequency,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
