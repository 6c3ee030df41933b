//! Projects: Dynamic Review — members rate a live project from 1 to 5 on five named
//! criteria, with an optional comment; one review per member and project, editable.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectReviews {
    Table,
    Id,
    ProjectId,
    UserId,
    ScientificMerit,
    Feasibility,
    RelevanceToPatients,
    Clarity,
    Team,
    Comment,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Projects {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectReviews as R;
        let rating = |column: R| ColumnDef::new(column).small_integer().not_null().to_owned();
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .if_not_exists()
                    .col(columns::id(R::Id))
                    .col(ColumnDef::new(R::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(R::UserId).big_integer().not_null())
                    .col(rating(R::ScientificMerit))
                    .col(rating(R::Feasibility))
                    .col(rating(R::RelevanceToPatients))
                    .col(rating(R::Clarity))
                    .col(rating(R::Team))
                    .col(ColumnDef::new(R::Comment).text().not_null().default(""))
                    .col(columns::timestamp(R::CreatedAt))
                    .col(columns::timestamp(R::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::ProjectId)
                            .to(Projects::Table, Projects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(R::Table, R::UserId))
                    .to_owned(),
            )
            .await?;
        // One review per member and project, whatever the races: the averages count each
        // member once.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_reviews_once")
                    .table(R::Table)
                    .col(R::ProjectId)
                    .col(R::UserId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // A project's reviews, the latest changed first.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_reviews_recent")
                    .table(R::Table)
                    .col(R::ProjectId)
                    .col(R::UpdatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectReviews::Table).to_owned())
            .await
    }
}
