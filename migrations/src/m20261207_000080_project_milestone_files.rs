//! Evidence files for milestone reports (issue 50, item 2: "text, files, links"): PDFs the
//! owner attaches to a milestone while it waits for a report, kept as sent with their SHA-256.
//! A report takes the files waiting on its milestone (`reported_at` set in its transaction):
//! only those are public; the owner alone sees what still waits.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectMilestoneFiles {
    Table,
    Id,
    MilestoneId,
    ProjectId,
    Filename,
    StorageKey,
    ByteSize,
    Sha256,
    UploadedAt,
    ReportedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectMilestoneFiles as F;
        manager
            .create_table(
                Table::create()
                    .table(F::Table)
                    .if_not_exists()
                    .col(columns::id(F::Id))
                    .col(ColumnDef::new(F::MilestoneId).big_integer().not_null())
                    .col(ColumnDef::new(F::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(F::Filename).string_len(255).not_null())
                    .col(ColumnDef::new(F::StorageKey).string_len(255).not_null())
                    .col(
                        ColumnDef::new(F::ByteSize)
                            .big_integer()
                            .not_null()
                            .check(Expr::col(F::ByteSize).gte(0)),
                    )
                    .col(ColumnDef::new(F::Sha256).string_len(64).not_null())
                    .col(columns::timestamp(F::UploadedAt))
                    // Null while the file waits for the milestone's next report.
                    .col(
                        ColumnDef::new(F::ReportedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(F::Table, F::MilestoneId)
                            .to(Alias::new("project_milestones"), Alias::new("id"))
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(F::Table, F::ProjectId)
                            .to(Alias::new("projects"), Alias::new("id"))
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_project_milestone_files_project")
                    .table(F::Table)
                    .col(F::ProjectId)
                    .col(F::MilestoneId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectMilestoneFiles::Table).to_owned())
            .await
    }
}
