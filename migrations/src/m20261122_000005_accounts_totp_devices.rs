//! Accounts: authenticator-app (TOTP) devices for two-factor sign-in.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TotpDevices {
    Table,
    Id,
    UserId,
    Secret,
    Confirmed,
    LastUsedStep,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TotpDevices::Table)
                    .if_not_exists()
                    .col(columns::id(TotpDevices::Id))
                    .col(ColumnDef::new(TotpDevices::UserId).big_integer().not_null())
                    .col(
                        ColumnDef::new(TotpDevices::Secret)
                            .string_len(128)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TotpDevices::Confirmed)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .col(
                        ColumnDef::new(TotpDevices::LastUsedStep)
                            .big_integer()
                            .not_null()
                            .default(0),
                    )
                    .col(columns::timestamp(TotpDevices::CreatedAt))
                    .foreign_key(&mut columns::owned_by_user(
                        TotpDevices::Table,
                        TotpDevices::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_totp_devices_user_id")
                    .table(TotpDevices::Table)
                    .col(TotpDevices::UserId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(TotpDevices::Table).to_owned())
            .await
    }
}
