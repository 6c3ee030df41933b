//! Accounts: staff can deactivate an account (kept on the user so a deactivated account
//! is told apart from one never confirmed), and reject an affiliation (so it leaves the
//! review queue until the member changes it).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    DeactivatedAt,
    AffiliationRejectedAt,
}

fn add(column: Users) -> TableAlterStatement {
    Table::alter()
        .table(Users::Table)
        .add_column(ColumnDef::new(column).timestamp_with_time_zone().null())
        .to_owned()
}

fn drop(column: Users) -> TableAlterStatement {
    Table::alter()
        .table(Users::Table)
        .drop_column(column)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column per statement.
        manager.alter_table(add(Users::DeactivatedAt)).await?;
        manager.alter_table(add(Users::AffiliationRejectedAt)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(drop(Users::AffiliationRejectedAt))
            .await?;
        manager.alter_table(drop(Users::DeactivatedAt)).await
    }
}
