//! Final approval and charging (PrecisionFunding): the Content Expert capability on
//! accounts; how many of a project's milestones its pledges reached (each announced once); each owner's payout account at the processor; who decided a project's funding
//! and why; each pledge's charge attempt (its idempotency key is derived from it), charge,
//! failure and grace period; one ledger entry per idempotency key; processor webhook
//! events seen (replays change nothing); and the test processor's payout accounts and
//! payouts.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum Users {
    Table,
    ContentExpert,
}

#[derive(DeriveIden)]
enum PayoutAccounts {
    Table,
    Id,
    UserId,
    Processor,
    AccountId,
    Verified,
    CreatedAt,
}

#[derive(DeriveIden, Clone)]
enum Projects {
    Table,
    MilestonesReached,
    FundingDecidedAt,
    FundingDecidedBy,
    FundingReason,
}

#[derive(DeriveIden, Clone)]
enum ProjectPledges {
    Table,
    ChargeAttempt,
    ChargeId,
    FailureCode,
    GraceUntil,
}

#[derive(DeriveIden)]
enum ProjectLedger {
    Table,
    IdempotencyKey,
}

#[derive(DeriveIden)]
enum PaymentWebhookEvents {
    Table,
    EventId,
    Kind,
    ObjectId,
    ReceivedAt,
}

#[derive(DeriveIden)]
enum TestProcessorAccounts {
    Table,
    Id,
    Reference,
    Institution,
    Last4,
    Verified,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TestProcessorPayouts {
    Table,
    Id,
    IdempotencyKey,
    AccountId,
    AmountCents,
    Currency,
    CreatedAt,
}

fn key<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .string_len(64)
        .not_null()
        .primary_key()
        .to_owned()
}

fn flag<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .boolean()
        .not_null()
        .default(false)
        .to_owned()
}

fn unique(name: &str, table: impl IntoIden, columns: Vec<DynIden>) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table).unique();
    for column in columns {
        index.col(column);
    }
    index.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use PaymentWebhookEvents as W;
        use PayoutAccounts as A;
        use ProjectPledges as P;
        use TestProcessorAccounts as TA;
        use TestProcessorPayouts as TP;
        columns::add_columns(manager, Users::Table, vec![flag(Users::ContentExpert)]).await?;
        columns::add_columns(
            manager,
            Projects::Table,
            vec![
                ColumnDef::new(Projects::MilestonesReached)
                    .integer()
                    .not_null()
                    .default(0)
                    .to_owned(),
                ColumnDef::new(Projects::FundingDecidedAt)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
                ColumnDef::new(Projects::FundingDecidedBy)
                    .big_integer()
                    .null()
                    .to_owned(),
                ColumnDef::new(Projects::FundingReason)
                    .string_len(1000)
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        columns::add_columns(
            manager,
            P::Table,
            vec![
                ColumnDef::new(P::ChargeAttempt)
                    .integer()
                    .not_null()
                    .default(0)
                    .to_owned(),
                ColumnDef::new(P::ChargeId).string_len(64).null().to_owned(),
                ColumnDef::new(P::FailureCode)
                    .string_len(64)
                    .null()
                    .to_owned(),
                ColumnDef::new(P::GraceUntil)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        let tables = [
            Table::create()
                .table(A::Table)
                .if_not_exists()
                .col(columns::id(A::Id))
                .col(ColumnDef::new(A::UserId).big_integer().not_null())
                .col(ColumnDef::new(A::Processor).string_len(16).not_null())
                .col(ColumnDef::new(A::AccountId).string_len(64).not_null())
                .col(flag(A::Verified))
                .col(columns::timestamp(A::CreatedAt))
                .foreign_key(&mut columns::owned_by_user(A::Table, A::UserId))
                .to_owned(),
            Table::create()
                .table(W::Table)
                .if_not_exists()
                .col(
                    ColumnDef::new(W::EventId)
                        .string_len(255)
                        .not_null()
                        .primary_key(),
                )
                .col(ColumnDef::new(W::Kind).string_len(64).not_null())
                .col(ColumnDef::new(W::ObjectId).string_len(64).null())
                .col(columns::timestamp(W::ReceivedAt))
                .to_owned(),
            Table::create()
                .table(TA::Table)
                .if_not_exists()
                .col(key(TA::Id))
                .col(ColumnDef::new(TA::Reference).string_len(255).not_null())
                .col(ColumnDef::new(TA::Institution).string_len(255).null())
                .col(ColumnDef::new(TA::Last4).string_len(4).null())
                .col(flag(TA::Verified))
                .col(columns::timestamp(TA::CreatedAt))
                .to_owned(),
            Table::create()
                .table(TP::Table)
                .if_not_exists()
                .col(key(TP::Id))
                .col(
                    ColumnDef::new(TP::IdempotencyKey)
                        .string_len(255)
                        .not_null(),
                )
                .col(ColumnDef::new(TP::AccountId).string_len(64).not_null())
                .col(ColumnDef::new(TP::AmountCents).big_integer().not_null())
                .col(ColumnDef::new(TP::Currency).string_len(3).not_null())
                .col(columns::timestamp(TP::CreatedAt))
                .to_owned(),
        ];
        for table in tables {
            manager.create_table(table).await?;
        }
        // One payout account per owner at each processor; one ledger entry per idempotency
        // key (a charge recorded twice is refused by the database itself); one payout per
        // key at the test processor.
        for index in [
            unique(
                "idx_payout_accounts_user",
                A::Table,
                vec![A::UserId.into_iden(), A::Processor.into_iden()],
            ),
            unique(
                "idx_project_ledger_key",
                ProjectLedger::Table,
                vec![ProjectLedger::IdempotencyKey.into_iden()],
            ),
            unique(
                "idx_test_processor_payouts_key",
                TP::Table,
                vec![TP::IdempotencyKey.into_iden()],
            ),
        ] {
            manager.create_index(index).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_project_ledger_key")
                    .table(ProjectLedger::Table)
                    .to_owned(),
            )
            .await?;
        for table in [
            TestProcessorPayouts::Table.into_iden(),
            TestProcessorAccounts::Table.into_iden(),
            PaymentWebhookEvents::Table.into_iden(),
            PayoutAccounts::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        columns::drop_columns(
            manager,
            ProjectPledges::Table,
            vec![
                ProjectPledges::GraceUntil.into_iden(),
                ProjectPledges::FailureCode.into_iden(),
                ProjectPledges::ChargeId.into_iden(),
                ProjectPledges::ChargeAttempt.into_iden(),
            ],
        )
        .await?;
        columns::drop_columns(
            manager,
            Projects::Table,
            vec![
                Projects::FundingReason.into_iden(),
                Projects::FundingDecidedBy.into_iden(),
                Projects::FundingDecidedAt.into_iden(),
                Projects::MilestonesReached.into_iden(),
            ],
        )
        .await?;
        columns::drop_columns(
            manager,
            Users::Table,
            vec![Users::ContentExpert.into_iden()],
        )
        .await
    }
}
