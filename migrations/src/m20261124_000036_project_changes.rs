//! Projects: changes the owner proposes to a live project wait here (one JSON document)
//! until staff approve them, while the approved version stays public.

use sea_orm_migration::prelude::*;

#[derive(DeriveIden)]
enum Projects {
    Table,
    PendingChanges,
    ChangesProposedAt,
}

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one column at a time.
        for mut column in [
            ColumnDef::new(Projects::PendingChanges)
                .json()
                .null()
                .to_owned(),
            ColumnDef::new(Projects::ChangesProposedAt)
                .timestamp_with_time_zone()
                .null()
                .to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Projects::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Projects::ChangesProposedAt, Projects::PendingChanges] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Projects::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
