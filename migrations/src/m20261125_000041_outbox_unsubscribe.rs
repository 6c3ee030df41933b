//! A queued notification e-mail keeps its one-click unsubscribe address (RFC 8058), sent
//! as its `List-Unsubscribe` header.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum EmailOutbox {
    Table,
    UnsubscribeUrl,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::add_columns(
            manager,
            EmailOutbox::Table,
            vec![
                ColumnDef::new(EmailOutbox::UnsubscribeUrl)
                    .text()
                    .null()
                    .to_owned(),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::drop_columns(
            manager,
            EmailOutbox::Table,
            vec![EmailOutbox::UnsubscribeUrl.into_iden()],
        )
        .await
    }
}
