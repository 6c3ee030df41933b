//! Projects: the total budget the owner must state (terms), its line items and the
//! milestones the funding pays for. Lines and milestones are read and written only with
//! their project, so they live on its row as JSON lists.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Projects {
    Table,
    TotalBudgetCents,
    BudgetLines,
    Milestones,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one column at a time.
        let columns = [
            ColumnDef::new(Projects::TotalBudgetCents)
                .big_integer()
                .null()
                .to_owned(),
            ColumnDef::new(Projects::BudgetLines)
                .json()
                .not_null()
                .default("[]")
                .to_owned(),
            ColumnDef::new(Projects::Milestones)
                .json()
                .not_null()
                .default("[]")
                .to_owned(),
        ];
        for mut column in columns {
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
        for column in [
            Projects::Milestones,
            Projects::BudgetLines,
            Projects::TotalBudgetCents,
        ] {
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
