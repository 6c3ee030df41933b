//! Projects: members' pledges to a live project (spec 1's backed projects). This first
//! shape holds who backs which project with how much and where the pledge stands; the
//! funding issue adds the payment method and the charge it leads to.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectPledges {
    Table,
    Id,
    ProjectId,
    BackerId,
    AmountCents,
    Status,
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
        use ProjectPledges as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .if_not_exists()
                    .col(columns::id(P::Id))
                    .col(ColumnDef::new(P::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(P::BackerId).big_integer().not_null())
                    .col(ColumnDef::new(P::AmountCents).big_integer().not_null())
                    .col(ColumnDef::new(P::Status).string_len(32).not_null())
                    .col(columns::timestamp(P::CreatedAt))
                    .col(columns::timestamp(P::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::ProjectId)
                            .to(Projects::Table, Projects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(P::Table, P::BackerId))
                    .to_owned(),
            )
            .await?;
        // A member's pledges, newest first (their backed projects).
        manager
            .create_index(
                Index::create()
                    .name("idx_project_pledges_backer")
                    .table(P::Table)
                    .col(P::BackerId)
                    .col(P::CreatedAt)
                    .to_owned(),
            )
            .await?;
        // A project's pledges (its total and backers).
        manager
            .create_index(
                Index::create()
                    .name("idx_project_pledges_project")
                    .table(P::Table)
                    .col(P::ProjectId)
                    .col(P::Status)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectPledges::Table).to_owned())
            .await
    }
}
