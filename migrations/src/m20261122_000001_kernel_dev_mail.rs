//! The dev mailbox: mail kept instead of sent while no SMTP server is configured.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DevMail {
    Table,
    Id,
    ToAddress,
    Subject,
    TextBody,
    HtmlBody,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(DevMail::Table)
                    .if_not_exists()
                    .col(columns::id(DevMail::Id))
                    .col(ColumnDef::new(DevMail::ToAddress).string().not_null())
                    .col(ColumnDef::new(DevMail::Subject).string().not_null())
                    .col(ColumnDef::new(DevMail::TextBody).text().not_null())
                    .col(ColumnDef::new(DevMail::HtmlBody).text())
                    .col(columns::timestamp(DevMail::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(DevMail::Table).to_owned())
            .await
    }
}
