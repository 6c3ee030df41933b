//! Kernel: the staff audit log. Every staff decision (approving an affiliation, moderating
//! a group, editing content) is recorded with who made it, on what, and why.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    ActorId,
    Action,
    SubjectType,
    SubjectId,
    Detail,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .if_not_exists()
                    .col(columns::id(AuditLog::Id))
                    // Kept when the staff account goes: the record outlives its author.
                    .col(ColumnDef::new(AuditLog::ActorId).big_integer().not_null())
                    .col(ColumnDef::new(AuditLog::Action).string_len(64).not_null())
                    .col(
                        ColumnDef::new(AuditLog::SubjectType)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AuditLog::SubjectId)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(ColumnDef::new(AuditLog::Detail).text().not_null())
                    .col(columns::timestamp(AuditLog::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_audit_log_subject")
                    .table(AuditLog::Table)
                    .col(AuditLog::SubjectType)
                    .col(AuditLog::SubjectId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(AuditLog::Table).to_owned())
            .await
    }
}
