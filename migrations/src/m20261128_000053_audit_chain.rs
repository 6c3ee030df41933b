//! An audit trail members can verify (issue 24, item 3): each audit entry carries its place
//! in one chain (`seq`), the hash of the entry before it, the hash of its own content and
//! its link hash, and names the member it is about. `audit_chain` is the chain's head, one
//! row every append updates first (so concurrent appends queue on it instead of forking);
//! `audit_heads` keeps the head as it stood at the end of each day, published for anyone to
//! archive. Entries written before this migration are chained once at start-up, in order.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum AuditLog {
    Table,
    Seq,
    PrevHash,
    ContentHash,
    Hash,
    AboutUserId,
}

#[derive(DeriveIden)]
enum AuditChain {
    Table,
    Id,
    Seq,
    Hash,
}

#[derive(DeriveIden)]
enum AuditHeads {
    Table,
    Day,
    Seq,
    Hash,
    RecordedAt,
}

/// The hash the first entry links to.
const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn hash_column(name: AuditLog) -> ColumnDef {
    ColumnDef::new(name).string_len(64).null().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use AuditLog as L;
        columns::add_columns(
            manager,
            L::Table,
            vec![
                ColumnDef::new(L::Seq).big_integer().null().to_owned(),
                hash_column(L::PrevHash),
                hash_column(L::ContentHash),
                hash_column(L::Hash),
                ColumnDef::new(L::AboutUserId)
                    .big_integer()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_audit_log_seq")
                    .table(L::Table)
                    .col(L::Seq)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_audit_log_about")
                    .table(L::Table)
                    .col(L::AboutUserId)
                    .col(L::Seq)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditChain::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(AuditChain::Id)
                            .integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(AuditChain::Seq).big_integer().not_null())
                    .col(ColumnDef::new(AuditChain::Hash).string_len(64).not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .exec_stmt(
                Query::insert()
                    .into_table(AuditChain::Table)
                    .columns([AuditChain::Id, AuditChain::Seq, AuditChain::Hash])
                    .values_panic([1.into(), 0i64.into(), GENESIS.into()])
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditHeads::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(AuditHeads::Day)
                            .string_len(10)
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(AuditHeads::Seq).big_integer().not_null())
                    .col(ColumnDef::new(AuditHeads::Hash).string_len(64).not_null())
                    .col(columns::timestamp(AuditHeads::RecordedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use AuditLog as L;
        manager
            .drop_table(Table::drop().table(AuditHeads::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(AuditChain::Table).to_owned())
            .await?;
        for index in ["idx_audit_log_about", "idx_audit_log_seq"] {
            manager
                .drop_index(Index::drop().name(index).table(L::Table).to_owned())
                .await?;
        }
        columns::drop_columns(
            manager,
            L::Table,
            vec![
                L::Seq.into_iden(),
                L::PrevHash.into_iden(),
                L::ContentHash.into_iden(),
                L::Hash.into_iden(),
                L::AboutUserId.into_iden(),
            ],
        )
        .await
    }
}
