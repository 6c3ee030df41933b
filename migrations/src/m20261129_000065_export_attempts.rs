//! Data exports cut short are resumed (issue 44, item 5): each export notes when its latest
//! attempt started and how many there were, so an instance that finds one stuck in
//! "preparing" claims it with a conditional update and builds it again, three times at most.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DataExports {
    Table,
    StartedAt,
    Attempts,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DataExports as E;
        manager
            .alter_table(
                Table::alter()
                    .table(E::Table)
                    .add_column(
                        ColumnDef::new(E::StartedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(E::Table)
                    .add_column(
                        ColumnDef::new(E::Attempts)
                            .integer()
                            .not_null()
                            .default(1)
                            .check(Expr::col(E::Attempts).gte(1)),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared("UPDATE data_exports SET started_at = created_at")
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DataExports as E;
        for column in [E::StartedAt, E::Attempts] {
            manager
                .alter_table(
                    Table::alter()
                        .table(E::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
