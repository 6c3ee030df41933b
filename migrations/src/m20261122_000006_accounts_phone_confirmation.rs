//! Phone confirmation by SMS code, and the dev outbox that keeps SMS while no provider
//! is configured.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SmsConfirmations {
    Table,
    Id,
    UserId,
    Purpose,
    PhoneNumber,
    CodeHash,
    TokenHash,
    Attempts,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum DevSms {
    Table,
    Id,
    ToNumber,
    Body,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SmsConfirmations::Table)
                    .if_not_exists()
                    .col(columns::id(SmsConfirmations::Id))
                    .col(
                        ColumnDef::new(SmsConfirmations::UserId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(SmsConfirmations::Purpose)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(SmsConfirmations::PhoneNumber)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(SmsConfirmations::CodeHash)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(SmsConfirmations::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(
                        ColumnDef::new(SmsConfirmations::Attempts)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .col(columns::timestamp(SmsConfirmations::CreatedAt))
                    .col(columns::timestamp(SmsConfirmations::ExpiresAt))
                    .col(
                        ColumnDef::new(SmsConfirmations::UsedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(&mut columns::owned_by_user(
                        SmsConfirmations::Table,
                        SmsConfirmations::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(DevSms::Table)
                    .if_not_exists()
                    .col(columns::id(DevSms::Id))
                    .col(ColumnDef::new(DevSms::ToNumber).string_len(32).not_null())
                    .col(ColumnDef::new(DevSms::Body).text().not_null())
                    .col(columns::timestamp(DevSms::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            DevSms::Table.into_iden(),
            SmsConfirmations::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
