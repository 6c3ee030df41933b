//! Projects: their topics (project tags), chosen in the wizard's General step from the
//! list `groups` keeps; `/projects` filters by one. And when a live project's campaign
//! ends, kept from the approval on, so "ending soon" sorts by a column.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectTagLinks {
    Table,
    ProjectId,
    TagId,
}

#[derive(DeriveIden)]
enum Projects {
    Table,
    Id,
    ClosesAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectTagLinks as L;
        manager
            .create_table(
                Table::create()
                    .table(L::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(L::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(L::TagId).big_integer().not_null())
                    .primary_key(Index::create().col(L::ProjectId).col(L::TagId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(L::Table, L::ProjectId)
                            .to(Projects::Table, Projects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Projects::Table)
                    .add_column(
                        ColumnDef::new(Projects::ClosesAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .to_owned(),
            )
            .await?;
        // The projects of one topic (the tag filter).
        manager
            .create_index(
                Index::create()
                    .name("idx_project_tag_links_tag")
                    .table(L::Table)
                    .col(L::TagId)
                    .col(L::ProjectId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Projects::Table)
                    .drop_column(Projects::ClosesAt)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(ProjectTagLinks::Table).to_owned())
            .await
    }
}
