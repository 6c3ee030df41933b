//! Registered protocols (issue 50, item 1): each version of a project's protocol as it was
//! registered, frozen with its content hash; amendments are later versions, each with its
//! reason. The protocol's documents (PDFs) wait as uploads until a registration takes them.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectProtocols {
    Table,
    Id,
    ProjectId,
    Version,
    Body,
    Reason,
    ContentHash,
    RegisteredBy,
    RegisteredAt,
}

#[derive(DeriveIden)]
enum ProjectProtocolFiles {
    Table,
    Id,
    ProjectId,
    ProtocolId,
    Position,
    Filename,
    StorageKey,
    ByteSize,
    Sha256,
    UploadedAt,
}

fn of_project(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Alias::new("projects"), Alias::new("id"))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectProtocols as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .if_not_exists()
                    .col(columns::id(P::Id))
                    .col(ColumnDef::new(P::ProjectId).big_integer().not_null())
                    .col(
                        ColumnDef::new(P::Version)
                            .integer()
                            .not_null()
                            .check(Expr::col(P::Version).gte(1)),
                    )
                    .col(ColumnDef::new(P::Body).text().not_null())
                    .col(ColumnDef::new(P::Reason).text().null())
                    .col(ColumnDef::new(P::ContentHash).string_len(64).not_null())
                    .col(ColumnDef::new(P::RegisteredBy).big_integer().not_null())
                    .col(columns::timestamp(P::RegisteredAt))
                    // The first registration has no reason; every amendment gives one.
                    .check(
                        Expr::col(P::Version)
                            .eq(1)
                            .and(Expr::col(P::Reason).is_null())
                            .or(Expr::col(P::Version)
                                .gt(1)
                                .and(Expr::col(P::Reason).is_not_null())),
                    )
                    .foreign_key(&mut of_project(P::Table, P::ProjectId))
                    .foreign_key(&mut columns::owned_by_user(P::Table, P::RegisteredBy))
                    .to_owned(),
            )
            .await?;
        // One registration per version: two amendments at once cannot both be version n.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_protocols_version")
                    .table(P::Table)
                    .col(P::ProjectId)
                    .col(P::Version)
                    .unique()
                    .to_owned(),
            )
            .await?;
        use ProjectProtocolFiles as F;
        manager
            .create_table(
                Table::create()
                    .table(F::Table)
                    .if_not_exists()
                    .col(columns::id(F::Id))
                    .col(ColumnDef::new(F::ProjectId).big_integer().not_null())
                    // Null while the upload waits for a registration.
                    .col(ColumnDef::new(F::ProtocolId).big_integer().null())
                    .col(ColumnDef::new(F::Position).integer().not_null().default(0))
                    .col(ColumnDef::new(F::Filename).string_len(255).not_null())
                    .col(ColumnDef::new(F::StorageKey).string_len(255).not_null())
                    .col(ColumnDef::new(F::ByteSize).big_integer().not_null())
                    .col(ColumnDef::new(F::Sha256).string_len(64).not_null())
                    .col(columns::timestamp(F::UploadedAt))
                    .foreign_key(&mut of_project(F::Table, F::ProjectId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(F::Table, F::ProtocolId)
                            .to(P::Table, P::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_project_protocol_files_project")
                    .table(F::Table)
                    .col(F::ProjectId)
                    .col(F::ProtocolId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            ProjectProtocolFiles::Table.into_iden(),
            ProjectProtocols::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
