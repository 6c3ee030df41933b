//! Milestone escrow (issue 50, item 2): a funded project's money waits in escrow and is
//! released milestone by milestone. One row per milestone of the escrow's schedule, written
//! when the escrow opens: its share of the escrow (the tranche), its deadline, and where it
//! stands (reported with evidence, verified and paid, returned with a reason, missed).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectMilestones {
    Table,
    Id,
    ProjectId,
    Position,
    Title,
    Description,
    TrancheCents,
    DueAt,
    State,
    Returns,
    Evidence,
    Links,
    ReportedAt,
    DecidedAt,
    DecidedBy,
    Reason,
    PayoutRef,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectMilestones as M;
        manager
            .create_table(
                Table::create()
                    .table(M::Table)
                    .if_not_exists()
                    .col(columns::id(M::Id))
                    .col(ColumnDef::new(M::ProjectId).big_integer().not_null())
                    .col(
                        ColumnDef::new(M::Position)
                            .integer()
                            .not_null()
                            .check(Expr::col(M::Position).gte(1)),
                    )
                    .col(ColumnDef::new(M::Title).text().not_null())
                    .col(ColumnDef::new(M::Description).text().not_null())
                    .col(
                        ColumnDef::new(M::TrancheCents)
                            .big_integer()
                            .not_null()
                            .check(Expr::col(M::TrancheCents).gte(0)),
                    )
                    .col(columns::timestamp(M::DueAt))
                    .col(ColumnDef::new(M::State).string_len(20).not_null())
                    // Sent back twice ends the project: never a third time.
                    .col(
                        ColumnDef::new(M::Returns)
                            .integer()
                            .not_null()
                            .default(0)
                            .check(Expr::col(M::Returns).between(0, 2)),
                    )
                    .col(ColumnDef::new(M::Evidence).text().null())
                    .col(ColumnDef::new(M::Links).json().null())
                    .col(
                        ColumnDef::new(M::ReportedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(M::DecidedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(ColumnDef::new(M::DecidedBy).big_integer().null())
                    .col(ColumnDef::new(M::Reason).text().null())
                    .col(ColumnDef::new(M::PayoutRef).string_len(255).null())
                    .col(columns::timestamp(M::UpdatedAt))
                    // Only a verified milestone is paid (its transfer named once it is made).
                    .check(
                        Expr::col(M::PayoutRef)
                            .is_null()
                            .or(Expr::col(M::State).eq("verified")),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(M::Table, M::ProjectId)
                            .to(Alias::new("projects"), Alias::new("id"))
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One row per milestone: two escrows opened at once cannot both write the schedule.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_milestones_position")
                    .table(M::Table)
                    .col(M::ProjectId)
                    .col(M::Position)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectMilestones::Table).to_owned())
            .await
    }
}
