//! Projects: members' favourites (the heart on a project's page, spec 1's favorite projects).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectFavorites {
    Table,
    Id,
    ProjectId,
    UserId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Projects {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectFavorites as F;
        manager
            .create_table(
                Table::create()
                    .table(F::Table)
                    .if_not_exists()
                    .col(columns::id(F::Id))
                    .col(ColumnDef::new(F::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(F::UserId).big_integer().not_null())
                    .col(columns::timestamp(F::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(F::Table, F::ProjectId)
                            .to(Projects::Table, Projects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(F::Table, F::UserId))
                    .to_owned(),
            )
            .await?;
        // One heart per member and project, whatever the races: the count is exact.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_favorites_once")
                    .table(F::Table)
                    .col(F::ProjectId)
                    .col(F::UserId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // A member's favourites, newest first.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_favorites_user")
                    .table(F::Table)
                    .col(F::UserId)
                    .col(F::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectFavorites::Table).to_owned())
            .await
    }
}
