//! The built-in test payment processor's own state (`kernel::payments::test_processor`):
//! customers, card setups, saved cards (brand and last four digits only), charges and
//! refunds, each under the processor's string ids, like a processor's test mode keeps them.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TestProcessorCustomers {
    Table,
    Id,
    Reference,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TestProcessorSetups {
    Table,
    Id,
    CustomerId,
    ClientSecret,
    MethodId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TestProcessorMethods {
    Table,
    Id,
    CustomerId,
    Brand,
    Last4,
    Behaviour,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TestProcessorCharges {
    Table,
    Id,
    IdempotencyKey,
    CustomerId,
    MethodId,
    AmountCents,
    Currency,
    Status,
    FailureCode,
    Description,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TestProcessorRefunds {
    Table,
    Id,
    IdempotencyKey,
    ChargeId,
    AmountCents,
    CreatedAt,
}

fn key<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .string_len(64)
        .not_null()
        .primary_key()
        .to_owned()
}

fn text<T: IntoIden>(name: T, len: u32) -> ColumnDef {
    ColumnDef::new(name).string_len(len).not_null().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TestProcessorCharges as Ch;
        use TestProcessorCustomers as Cu;
        use TestProcessorMethods as M;
        use TestProcessorRefunds as R;
        use TestProcessorSetups as S;
        let tables = [
            Table::create()
                .table(Cu::Table)
                .if_not_exists()
                .col(key(Cu::Id))
                .col(text(Cu::Reference, 255))
                .col(columns::timestamp(Cu::CreatedAt))
                .to_owned(),
            Table::create()
                .table(S::Table)
                .if_not_exists()
                .col(key(S::Id))
                .col(text(S::CustomerId, 64))
                .col(text(S::ClientSecret, 128))
                .col(ColumnDef::new(S::MethodId).string_len(64).null())
                .col(columns::timestamp(S::CreatedAt))
                .to_owned(),
            Table::create()
                .table(M::Table)
                .if_not_exists()
                .col(key(M::Id))
                .col(text(M::CustomerId, 64))
                .col(text(M::Brand, 32))
                .col(text(M::Last4, 4))
                .col(text(M::Behaviour, 32))
                .col(columns::timestamp(M::CreatedAt))
                .to_owned(),
            Table::create()
                .table(Ch::Table)
                .if_not_exists()
                .col(key(Ch::Id))
                .col(text(Ch::IdempotencyKey, 255))
                .col(text(Ch::CustomerId, 64))
                .col(text(Ch::MethodId, 64))
                .col(ColumnDef::new(Ch::AmountCents).big_integer().not_null())
                .col(text(Ch::Currency, 3))
                .col(text(Ch::Status, 32))
                .col(ColumnDef::new(Ch::FailureCode).string_len(64).null())
                .col(text(Ch::Description, 255))
                .col(columns::timestamp(Ch::CreatedAt))
                .to_owned(),
            Table::create()
                .table(R::Table)
                .if_not_exists()
                .col(key(R::Id))
                .col(text(R::IdempotencyKey, 255))
                .col(text(R::ChargeId, 64))
                .col(ColumnDef::new(R::AmountCents).big_integer().not_null())
                .col(columns::timestamp(R::CreatedAt))
                .to_owned(),
        ];
        for table in tables {
            manager.create_table(table).await?;
        }
        // The same idempotency key charges, and refunds, once — whatever the races.
        for (name, table, column) in [
            (
                "idx_test_processor_charges_key",
                Ch::Table.into_iden(),
                Ch::IdempotencyKey.into_iden(),
            ),
            (
                "idx_test_processor_refunds_key",
                R::Table.into_iden(),
                R::IdempotencyKey.into_iden(),
            ),
            (
                "idx_test_processor_refunds_charge",
                R::Table.into_iden(),
                R::ChargeId.into_iden(),
            ),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(table)
                        .col(column)
                        .unique()
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            TestProcessorRefunds::Table.into_iden(),
            TestProcessorCharges::Table.into_iden(),
            TestProcessorMethods::Table.into_iden(),
            TestProcessorSetups::Table.into_iden(),
            TestProcessorCustomers::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
