//! Accounts: personal API tokens (issue 47, item 1) — for scripts, so they need neither a
//! member's password nor their two-step code. Like sessions, only the token's hash is kept.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ApiTokens {
    Table,
    Id,
    UserId,
    Name,
    TokenHash,
    /// The token's first characters, shown so a member can tell their tokens apart.
    Prefix,
    /// Space-separated scopes (`groups:read projects:write`).
    Scopes,
    CreatedAt,
    ExpiresAt,
    LastUsedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ApiTokens as T;
        manager
            .create_table(
                Table::create()
                    .table(T::Table)
                    .if_not_exists()
                    .col(columns::id(T::Id))
                    .col(ColumnDef::new(T::UserId).big_integer().not_null())
                    .col(ColumnDef::new(T::Name).string_len(100).not_null())
                    .col(
                        ColumnDef::new(T::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(T::Prefix).string_len(32).not_null())
                    .col(ColumnDef::new(T::Scopes).text().not_null())
                    .col(columns::timestamp(T::CreatedAt))
                    .col(columns::timestamp(T::ExpiresAt))
                    .col(
                        ColumnDef::new(T::LastUsedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(&mut columns::owned_by_user(T::Table, T::UserId))
                    .to_owned(),
            )
            .await?;
        // One name per member: the list tells tokens apart by it.
        manager
            .create_index(
                Index::create()
                    .name("idx_api_tokens_user_name")
                    .table(T::Table)
                    .col(T::UserId)
                    .col(T::Name)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ApiTokens::Table).to_owned())
            .await
    }
}
