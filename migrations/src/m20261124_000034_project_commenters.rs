//! Projects: who has commented on each project's discussion, once each — the prize's
//! "10 comments from unique users" target (spec 2, prize page).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectCommenters {
    Table,
    ProjectId,
    UserId,
}

#[derive(DeriveIden)]
enum Projects {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectCommenters as C;
        manager
            .create_table(
                Table::create()
                    .table(C::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(C::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(C::UserId).big_integer().not_null())
                    .primary_key(Index::create().col(C::ProjectId).col(C::UserId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(C::Table, C::ProjectId)
                            .to(Projects::Table, Projects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(C::Table, C::UserId))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectCommenters::Table).to_owned())
            .await
    }
}
