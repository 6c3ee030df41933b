//! Reports and moderation (issue 23, item 2): project updates can be reported and hidden
//! too, like a group's.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum ProjectUpdates {
    Table,
    HiddenAt,
    HiddenReason,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectUpdates as U;
        columns::add_columns(
            manager,
            U::Table,
            vec![
                ColumnDef::new(U::HiddenAt)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
                ColumnDef::new(U::HiddenReason).text().null().to_owned(),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::drop_columns(
            manager,
            ProjectUpdates::Table,
            vec![
                ProjectUpdates::HiddenAt.into_iden(),
                ProjectUpdates::HiddenReason.into_iden(),
            ],
        )
        .await
    }
}
