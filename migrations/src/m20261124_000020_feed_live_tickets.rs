//! Feed: single-use tickets that open the live channel, so the session token never
//! travels in a WebSocket URL (where proxies and logs keep it).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LiveTickets {
    Table,
    Id,
    TicketHash,
    UserId,
    SessionHash,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(LiveTickets::Table)
                    .col(columns::id(LiveTickets::Id))
                    .col(
                        ColumnDef::new(LiveTickets::TicketHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(LiveTickets::UserId).big_integer().not_null())
                    .col(
                        ColumnDef::new(LiveTickets::SessionHash)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(columns::timestamp(LiveTickets::ExpiresAt))
                    .foreign_key(&mut columns::owned_by_user(
                        LiveTickets::Table,
                        LiveTickets::UserId,
                    ))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(LiveTickets::Table).to_owned())
            .await
    }
}
