//! A payout taken back (issue 42, finding 3): an owner who refunds a campaign already paid
//! out has the payout reversed first. The test processor keeps the reversal on the payout
//! (its id and the idempotency key that made it), as Stripe keeps a transfer's reversals.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TestProcessorPayouts {
    Table,
    ReversalId,
    ReversalKey,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TestProcessorPayouts as P;
        // SQLite adds one column per statement.
        for column in [P::ReversalId, P::ReversalKey] {
            manager
                .alter_table(
                    Table::alter()
                        .table(P::Table)
                        .add_column(ColumnDef::new(column).string().null())
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TestProcessorPayouts as P;
        for column in [P::ReversalId, P::ReversalKey] {
            manager
                .alter_table(
                    Table::alter()
                        .table(P::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
