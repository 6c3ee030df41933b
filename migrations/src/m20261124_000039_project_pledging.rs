//! Pledging (PrecisionFunding): each member's customer at the card processor; a pledge's
//! card (its processor ids, brand and last four digits only), message and anonymity; the
//! project's running total, backers and funding state; and the funding ledger, written in
//! the same transaction as every pledge change, so a project's totals are its ledger's sum.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PaymentCustomers {
    Table,
    Id,
    UserId,
    Processor,
    CustomerId,
    CreatedAt,
}

#[derive(DeriveIden, Clone)]
enum ProjectPledges {
    Table,
    CustomerId,
    MethodId,
    CardBrand,
    CardLast4,
    Message,
    Anonymous,
}

#[derive(DeriveIden, Clone)]
enum Projects {
    Table,
    Id,
    RaisedCents,
    Backers,
    FundingState,
    GoalReachedAt,
}

#[derive(DeriveIden)]
enum ProjectLedger {
    Table,
    Id,
    ProjectId,
    PledgeId,
    Kind,
    AmountCents,
    Currency,
    ProviderRef,
    IdempotencyKey,
    CreatedAt,
}

async fn add_columns(
    manager: &SchemaManager<'_>,
    table: impl IntoIden + Clone + 'static,
    columns: Vec<ColumnDef>,
) -> Result<(), DbErr> {
    // One column per statement: SQLite alters a table one column at a time.
    for mut column in columns {
        manager
            .alter_table(
                Table::alter()
                    .table(table.clone())
                    .add_column(&mut column)
                    .to_owned(),
            )
            .await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use PaymentCustomers as C;
        use ProjectLedger as L;
        use ProjectPledges as P;
        manager
            .create_table(
                Table::create()
                    .table(C::Table)
                    .if_not_exists()
                    .col(columns::id(C::Id))
                    .col(ColumnDef::new(C::UserId).big_integer().not_null())
                    .col(ColumnDef::new(C::Processor).string_len(16).not_null())
                    .col(ColumnDef::new(C::CustomerId).string_len(64).not_null())
                    .col(columns::timestamp(C::CreatedAt))
                    .foreign_key(&mut columns::owned_by_user(C::Table, C::UserId))
                    .to_owned(),
            )
            .await?;
        // One customer per member at each processor.
        manager
            .create_index(
                Index::create()
                    .name("idx_payment_customers_user")
                    .table(C::Table)
                    .col(C::UserId)
                    .col(C::Processor)
                    .unique()
                    .to_owned(),
            )
            .await?;
        add_columns(
            manager,
            P::Table,
            vec![
                ColumnDef::new(P::CustomerId)
                    .string_len(64)
                    .null()
                    .to_owned(),
                ColumnDef::new(P::MethodId).string_len(64).null().to_owned(),
                ColumnDef::new(P::CardBrand)
                    .string_len(32)
                    .null()
                    .to_owned(),
                ColumnDef::new(P::CardLast4).string_len(4).null().to_owned(),
                ColumnDef::new(P::Message).string_len(500).null().to_owned(),
                ColumnDef::new(P::Anonymous)
                    .boolean()
                    .not_null()
                    .default(false)
                    .to_owned(),
            ],
        )
        .await?;
        add_columns(
            manager,
            Projects::Table,
            vec![
                ColumnDef::new(Projects::RaisedCents)
                    .big_integer()
                    .not_null()
                    .default(0)
                    .to_owned(),
                ColumnDef::new(Projects::Backers)
                    .integer()
                    .not_null()
                    .default(0)
                    .to_owned(),
                ColumnDef::new(Projects::FundingState)
                    .string_len(32)
                    .not_null()
                    .default("open")
                    .to_owned(),
                ColumnDef::new(Projects::GoalReachedAt)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(L::Table)
                    .if_not_exists()
                    .col(columns::id(L::Id))
                    .col(ColumnDef::new(L::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(L::PledgeId).big_integer().null())
                    .col(ColumnDef::new(L::Kind).string_len(32).not_null())
                    .col(ColumnDef::new(L::AmountCents).big_integer().not_null())
                    .col(ColumnDef::new(L::Currency).string_len(3).not_null())
                    .col(ColumnDef::new(L::ProviderRef).string_len(64).null())
                    .col(ColumnDef::new(L::IdempotencyKey).string_len(255).null())
                    .col(columns::timestamp(L::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(L::Table, L::ProjectId)
                            .to(Projects::Table, Projects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_project_ledger_project")
                    .table(L::Table)
                    .col(L::ProjectId)
                    .col(L::Id)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectLedger::Table).to_owned())
            .await?;
        for column in [
            Projects::GoalReachedAt,
            Projects::FundingState,
            Projects::Backers,
            Projects::RaisedCents,
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
        for column in [
            ProjectPledges::Anonymous,
            ProjectPledges::Message,
            ProjectPledges::CardLast4,
            ProjectPledges::CardBrand,
            ProjectPledges::MethodId,
            ProjectPledges::CustomerId,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(ProjectPledges::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .drop_table(Table::drop().table(PaymentCustomers::Table).to_owned())
            .await
    }
}
