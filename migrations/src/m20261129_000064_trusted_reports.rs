//! Reports weighed by trust (issue 44, item 4): each report records whether its reporter
//! counted toward hiding when they filed it (an account old enough, its e-mail confirmed).
//! Reports filed before counted, as they did then.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Reports {
    Table,
    CountsToHide,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Reports::Table)
                    .add_column(
                        ColumnDef::new(Reports::CountsToHide)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Reports::Table)
                    .drop_column(Reports::CountsToHide)
                    .to_owned(),
            )
            .await
    }
}
