//! The test processor's onboarding links are secret, single-use and short-lived, as Stripe's
//! account links are (issue 42, finding 9): knowing a payout account's id no longer lets
//! anyone set the bank account an owner's funds are paid out to. The link's token is kept
//! hashed, with when it expires.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TestProcessorAccounts {
    Table,
    OnboardingLinkHash,
    OnboardingLinkExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TestProcessorAccounts as A;
        // SQLite adds one column per statement.
        for column in [
            ColumnDef::new(A::OnboardingLinkHash)
                .string()
                .null()
                .to_owned(),
            ColumnDef::new(A::OnboardingLinkExpiresAt)
                .timestamp_with_time_zone()
                .null()
                .to_owned(),
        ] {
            manager
                .alter_table(Table::alter().table(A::Table).add_column(column).to_owned())
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TestProcessorAccounts as A;
        for column in [A::OnboardingLinkHash, A::OnboardingLinkExpiresAt] {
            manager
                .alter_table(
                    Table::alter()
                        .table(A::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
