//! Projects (issue 19, first step): a project and its lifecycle. Team, needs, budget lines,
//! milestones, tags, reviews, favourites and updates get their own tables as they come.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Projects {
    Table,
    Id,
    OwnerId,
    Slug,
    Title,
    LaySummary,
    Problem,
    Aims,
    Methods,
    Impact,
    EthicsStatus,
    Conflicts,
    FundingGoalCents,
    CampaignDays,
    Status,
    RejectionReason,
    CreatedAt,
    UpdatedAt,
    SubmittedAt,
    LiveAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use Projects as P;
        let text = |column: P| ColumnDef::new(column).text().not_null().to_owned();
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .if_not_exists()
                    .col(columns::id(P::Id))
                    .col(ColumnDef::new(P::OwnerId).big_integer().not_null())
                    .col(
                        ColumnDef::new(P::Slug)
                            .string_len(100)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(P::Title).string_len(255).not_null())
                    .col(text(P::LaySummary))
                    .col(text(P::Problem))
                    .col(text(P::Aims))
                    .col(text(P::Methods))
                    .col(text(P::Impact))
                    .col(ColumnDef::new(P::EthicsStatus).string_len(32).null())
                    .col(text(P::Conflicts))
                    .col(ColumnDef::new(P::FundingGoalCents).big_integer().null())
                    .col(ColumnDef::new(P::CampaignDays).integer().null())
                    .col(ColumnDef::new(P::Status).string_len(32).not_null())
                    .col(ColumnDef::new(P::RejectionReason).text().null())
                    .col(columns::timestamp(P::CreatedAt))
                    .col(columns::timestamp(P::UpdatedAt))
                    .col(
                        ColumnDef::new(P::SubmittedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(ColumnDef::new(P::LiveAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut columns::owned_by_user(P::Table, P::OwnerId))
                    .to_owned(),
            )
            .await?;
        // The owner's list (`/my-projects`) and the staff queue (by status, oldest first).
        manager
            .create_index(
                Index::create()
                    .name("idx_projects_owner")
                    .table(P::Table)
                    .col(P::OwnerId)
                    .col(P::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_projects_status")
                    .table(P::Table)
                    .col(P::Status)
                    .col(P::SubmittedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Projects::Table).to_owned())
            .await
    }
}
