//! Groups: updates (posts) that owners and moderators publish on a working group once
//! staff approve them.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum GroupUpdates {
    Table,
    Id,
    GroupId,
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
enum WorkingGroups {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use GroupUpdates as U;
        manager
            .create_table(
                Table::create()
                    .table(U::Table)
                    .if_not_exists()
                    .col(columns::id(U::Id))
                    .col(ColumnDef::new(U::GroupId).big_integer().not_null())
                    .col(ColumnDef::new(U::Title).string_len(255).not_null())
                    .col(ColumnDef::new(U::Text).text().not_null())
                    .col(ColumnDef::new(U::Image).string_len(255).null())
                    .col(ColumnDef::new(U::VideoUrl).string_len(1024).null())
                    .col(ColumnDef::new(U::CreatedById).big_integer().not_null())
                    .col(
                        ColumnDef::new(U::ApprovedStatus)
                            .string_len(32)
                            .not_null()
                            .default("waiting_for_approval"),
                    )
                    .col(columns::timestamp(U::CreatedAt))
                    .col(columns::timestamp(U::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(U::Table, U::GroupId)
                            .to(WorkingGroups::Table, WorkingGroups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(U::Table, U::CreatedById))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_group_updates_group")
                    .table(U::Table)
                    .col(U::GroupId)
                    .col(U::ApprovedStatus)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(GroupUpdates::Table).to_owned())
            .await
    }
}
