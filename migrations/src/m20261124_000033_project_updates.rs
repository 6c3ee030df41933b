//! Projects: updates the owner posts (spec 2 §2 and §7), public once staff approve them.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectUpdates {
    Table,
    Id,
    ProjectId,
    Title,
    Text,
    Image,
    VideoUrl,
    CreatedById,
    ApprovedStatus,
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
        use ProjectUpdates as U;
        manager
            .create_table(
                Table::create()
                    .table(U::Table)
                    .if_not_exists()
                    .col(columns::id(U::Id))
                    .col(ColumnDef::new(U::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(U::Title).string_len(255).not_null())
                    .col(ColumnDef::new(U::Text).text().not_null())
                    .col(ColumnDef::new(U::Image).string_len(512).null())
                    .col(ColumnDef::new(U::VideoUrl).string_len(1024).null())
                    .col(ColumnDef::new(U::CreatedById).big_integer().not_null())
                    .col(ColumnDef::new(U::ApprovedStatus).string_len(32).not_null())
                    .col(columns::timestamp(U::CreatedAt))
                    .col(columns::timestamp(U::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(U::Table, U::ProjectId)
                            .to(Projects::Table, Projects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(U::Table, U::CreatedById))
                    .to_owned(),
            )
            .await?;
        // A project's updates, newest first.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_updates_project")
                    .table(U::Table)
                    .col(U::ProjectId)
                    .col(U::CreatedAt)
                    .to_owned(),
            )
            .await?;
        // The staff queue: waiting ones, the longest waiting first.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_updates_queue")
                    .table(U::Table)
                    .col(U::ApprovedStatus)
                    .col(U::UpdatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectUpdates::Table).to_owned())
            .await
    }
}
