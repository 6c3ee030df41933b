//! Lectures carry WebVTT captions (issue 17: the demo's lectures are narrated talks with
//! captions made from their own text).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Lectures {
    Table,
    CaptionsFile,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Lectures::Table)
                    .add_column(ColumnDef::new(Lectures::CaptionsFile).string().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Lectures::Table)
                    .drop_column(Lectures::CaptionsFile)
                    .to_owned(),
            )
            .await
    }
}
