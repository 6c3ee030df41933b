//! Accounts: each user's choices of how to be told about each kind of notification.
//! Only changed choices are stored; the catalogue's defaults cover the rest.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum NotificationSettings {
    Table,
    UserId,
    Kind,
    IsActive,
    EnabledDeliveryMethods,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(NotificationSettings::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(NotificationSettings::UserId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(NotificationSettings::Kind)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(NotificationSettings::IsActive)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .col(
                        ColumnDef::new(NotificationSettings::EnabledDeliveryMethods)
                            .string_len(128)
                            .not_null(),
                    )
                    .primary_key(
                        Index::create()
                            .col(NotificationSettings::UserId)
                            .col(NotificationSettings::Kind),
                    )
                    .foreign_key(&mut columns::owned_by_user(
                        NotificationSettings::Table,
                        NotificationSettings::UserId,
                    ))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(NotificationSettings::Table).to_owned())
            .await
    }
}
