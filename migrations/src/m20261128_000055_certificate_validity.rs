//! Certificates that expire and count CPD time (issue 24, item 4): a quiz may set how many
//! months its certificate is valid and how many minutes of continuing professional
//! development it is worth; each certificate keeps both as issued, and when its holder was
//! reminded to renew it.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum Quizzes {
    Table,
    ValidityMonths,
    CpdMinutes,
}

#[derive(DeriveIden, Clone)]
enum Certificates {
    Table,
    ExpiresAt,
    CpdMinutes,
    RemindedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::add_columns(
            manager,
            Quizzes::Table,
            vec![
                ColumnDef::new(Quizzes::ValidityMonths)
                    .integer()
                    .null()
                    .to_owned(),
                ColumnDef::new(Quizzes::CpdMinutes)
                    .integer()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        columns::add_columns(
            manager,
            Certificates::Table,
            vec![
                ColumnDef::new(Certificates::ExpiresAt)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
                ColumnDef::new(Certificates::CpdMinutes)
                    .integer()
                    .null()
                    .to_owned(),
                ColumnDef::new(Certificates::RemindedAt)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_certificates_expires_at")
                    .table(Certificates::Table)
                    .col(Certificates::ExpiresAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_certificates_expires_at")
                    .table(Certificates::Table)
                    .to_owned(),
            )
            .await?;
        columns::drop_columns(
            manager,
            Certificates::Table,
            vec![
                Certificates::ExpiresAt.into_iden(),
                Certificates::CpdMinutes.into_iden(),
                Certificates::RemindedAt.into_iden(),
            ],
        )
        .await?;
        columns::drop_columns(
            manager,
            Quizzes::Table,
            vec![
                Quizzes::ValidityMonths.into_iden(),
                Quizzes::CpdMinutes.into_iden(),
            ],
        )
        .await
    }
}
