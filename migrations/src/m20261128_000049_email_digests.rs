//! E-mail digests (issue 23, item 3): each kind's e-mail frequency (at once, daily or
//! weekly), the member's time zone (digests go out at their local morning), the notices
//! waiting for a digest, and the digests sent: one per member, frequency and local
//! morning, which the unique index keeps to exactly one even with two workers racing.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum Users {
    Table,
    TimeZone,
}

#[derive(DeriveIden, Clone)]
enum NotificationSettings {
    Table,
    EmailFrequency,
}

#[derive(DeriveIden)]
enum Digests {
    Table,
    Id,
    UserId,
    Frequency,
    Morning,
    SentAt,
}

#[derive(DeriveIden)]
enum DigestEntries {
    Table,
    Id,
    UserId,
    Kind,
    Frequency,
    Title,
    Message,
    Route,
    CreatedAt,
    DigestId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::add_columns(
            manager,
            Users::Table,
            vec![
                ColumnDef::new(Users::TimeZone)
                    .string_len(64)
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        columns::add_columns(
            manager,
            NotificationSettings::Table,
            vec![
                ColumnDef::new(NotificationSettings::EmailFrequency)
                    .string_len(16)
                    .not_null()
                    .default("instant")
                    .to_owned(),
            ],
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(Digests::Table)
                    .if_not_exists()
                    .col(columns::id(Digests::Id))
                    .col(ColumnDef::new(Digests::UserId).big_integer().not_null())
                    .col(ColumnDef::new(Digests::Frequency).string_len(16).not_null())
                    // The local morning it was sent for, as the member's date (2026-11-30).
                    .col(ColumnDef::new(Digests::Morning).string_len(10).not_null())
                    .col(columns::timestamp(Digests::SentAt))
                    .foreign_key(&mut columns::owned_by_user(Digests::Table, Digests::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_digests_once")
                    .table(Digests::Table)
                    .col(Digests::UserId)
                    .col(Digests::Frequency)
                    .col(Digests::Morning)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(DigestEntries::Table)
                    .if_not_exists()
                    .col(columns::id(DigestEntries::Id))
                    .col(
                        ColumnDef::new(DigestEntries::UserId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(DigestEntries::Kind)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(DigestEntries::Frequency)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(ColumnDef::new(DigestEntries::Title).text().not_null())
                    .col(ColumnDef::new(DigestEntries::Message).text().not_null())
                    .col(ColumnDef::new(DigestEntries::Route).text().null())
                    .col(columns::timestamp(DigestEntries::CreatedAt))
                    .col(ColumnDef::new(DigestEntries::DigestId).big_integer().null())
                    .foreign_key(&mut columns::owned_by_user(
                        DigestEntries::Table,
                        DigestEntries::UserId,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(DigestEntries::Table, DigestEntries::DigestId)
                            .to(Digests::Table, Digests::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // The worker's question: whose notices still wait, by member and frequency.
        manager
            .create_index(
                Index::create()
                    .name("idx_digest_entries_waiting")
                    .table(DigestEntries::Table)
                    .col(DigestEntries::DigestId)
                    .col(DigestEntries::UserId)
                    .col(DigestEntries::Frequency)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [DigestEntries::Table.into_iden(), Digests::Table.into_iden()] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        columns::drop_columns(
            manager,
            NotificationSettings::Table,
            vec![NotificationSettings::EmailFrequency.into_iden()],
        )
        .await?;
        columns::drop_columns(manager, Users::Table, vec![Users::TimeZone.into_iden()]).await
    }
}
