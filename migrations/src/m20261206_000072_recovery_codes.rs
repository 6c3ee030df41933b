//! Accounts: two-factor recovery codes (issue 49, item 1). Ten single-use codes a member
//! keeps for when their authenticator is lost; only each code's hash is kept, and a used
//! code keeps when it was used (a set is replaced whole).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RecoveryCodes {
    Table,
    Id,
    UserId,
    CodeHash,
    CreatedAt,
    UsedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use RecoveryCodes as T;
        manager
            .create_table(
                Table::create()
                    .table(T::Table)
                    .if_not_exists()
                    .col(columns::id(T::Id))
                    .col(ColumnDef::new(T::UserId).big_integer().not_null())
                    .col(ColumnDef::new(T::CodeHash).string_len(64).not_null())
                    .col(columns::timestamp(T::CreatedAt))
                    .col(ColumnDef::new(T::UsedAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut columns::owned_by_user(T::Table, T::UserId))
                    .to_owned(),
            )
            .await?;
        // A member's codes are told apart by their hash: the same code twice would be
        // spent once for both.
        manager
            .create_index(
                Index::create()
                    .name("idx_recovery_codes_user_code")
                    .table(T::Table)
                    .col(T::UserId)
                    .col(T::CodeHash)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(RecoveryCodes::Table).to_owned())
            .await
    }
}
