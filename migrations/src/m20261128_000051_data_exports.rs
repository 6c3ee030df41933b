//! "Your data" (issue 23, item 6): each export a member (or staff for them) asked for, built
//! in the background into a ZIP and handed out once through a link that expires.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DataExports {
    Table,
    Id,
    UserId,
    RequestedById,
    Status,
    TokenHash,
    FileKey,
    CreatedAt,
    ReadyAt,
    ExpiresAt,
    DownloadedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DataExports as D;
        manager
            .create_table(
                Table::create()
                    .table(D::Table)
                    .if_not_exists()
                    .col(columns::id(D::Id))
                    .col(ColumnDef::new(D::UserId).big_integer().not_null())
                    // Staff who asked for a member's data (the link went to them).
                    .col(ColumnDef::new(D::RequestedById).big_integer().null())
                    // preparing, ready, downloaded or failed.
                    .col(ColumnDef::new(D::Status).string_len(16).not_null())
                    .col(
                        ColumnDef::new(D::TokenHash)
                            .string_len(64)
                            .null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(D::FileKey).text().null())
                    .col(columns::timestamp(D::CreatedAt))
                    .col(ColumnDef::new(D::ReadyAt).timestamp_with_time_zone().null())
                    .col(
                        ColumnDef::new(D::ExpiresAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(D::DownloadedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(&mut columns::owned_by_user(D::Table, D::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_data_exports_user")
                    .table(D::Table)
                    .col(D::UserId)
                    .col(D::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(DataExports::Table).to_owned())
            .await
    }
}
