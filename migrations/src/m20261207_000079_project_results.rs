//! Results that are reported (issue 50, item 3): once a project is paid out (its last
//! milestone verified, or its one payout made), its results are due within a set time; the
//! owner posts them once — a lay summary, the outcomes, links to publications and data, and
//! each deviation from the registered protocol — and is reminded before and after the date.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum Projects {
    Table,
    ResultsDueAt,
    ResultsReminders,
}

#[derive(DeriveIden)]
enum ProjectResults {
    Table,
    Id,
    ProjectId,
    LaySummary,
    Outcomes,
    Publications,
    Data,
    Deviations,
    PostedBy,
    PostedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::add_columns(
            manager,
            Projects::Table,
            vec![
                ColumnDef::new(Projects::ResultsDueAt)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
                // 0: not reminded; 1: reminded before the date; 2: told they are overdue.
                ColumnDef::new(Projects::ResultsReminders)
                    .integer()
                    .not_null()
                    .default(0)
                    .to_owned(),
            ],
        )
        .await?;
        use ProjectResults as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .if_not_exists()
                    .col(columns::id(R::Id))
                    .col(ColumnDef::new(R::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(R::LaySummary).text().not_null())
                    .col(ColumnDef::new(R::Outcomes).text().not_null())
                    .col(ColumnDef::new(R::Publications).json().not_null())
                    .col(ColumnDef::new(R::Data).json().not_null())
                    .col(ColumnDef::new(R::Deviations).json().not_null())
                    .col(ColumnDef::new(R::PostedBy).big_integer().not_null())
                    .col(columns::timestamp(R::PostedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::ProjectId)
                            .to(Alias::new("projects"), Alias::new("id"))
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(R::Table, R::PostedBy))
                    .to_owned(),
            )
            .await?;
        // Results are posted once: two posts at once cannot both land.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_results_project")
                    .table(R::Table)
                    .col(R::ProjectId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectResults::Table).to_owned())
            .await?;
        columns::drop_columns(
            manager,
            Projects::Table,
            vec![
                Projects::ResultsDueAt.into_iden(),
                Projects::ResultsReminders.into_iden(),
            ],
        )
        .await
    }
}
