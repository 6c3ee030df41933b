//! A charge the card holder must authenticate (issue 42, finding 8): the test processor keeps
//! the secret the donor's browser shows when it completes the authentication on-session, as
//! Stripe keeps a PaymentIntent's client secret.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TestProcessorCharges {
    Table,
    ClientSecret,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TestProcessorCharges as C;
        manager
            .alter_table(
                Table::alter()
                    .table(C::Table)
                    .add_column(ColumnDef::new(C::ClientSecret).string().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TestProcessorCharges as C;
        manager
            .alter_table(
                Table::alter()
                    .table(C::Table)
                    .drop_column(C::ClientSecret)
                    .to_owned(),
            )
            .await
    }
}
