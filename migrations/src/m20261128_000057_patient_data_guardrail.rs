//! The patient-data guardrail (issue 24, item 1): each declaration an author makes when
//! they publish text the guardrail flagged, and the working groups whose owners made the
//! check blocking.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PhiDeclarations {
    Table,
    Id,
    UserId,
    Place,
    Kinds,
    TextHash,
    DeclaredAt,
}

#[derive(DeriveIden, Clone)]
enum WorkingGroups {
    Table,
    PhiBlocking,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use PhiDeclarations as D;
        manager
            .create_table(
                Table::create()
                    .table(D::Table)
                    .if_not_exists()
                    .col(columns::id(D::Id))
                    .col(ColumnDef::new(D::UserId).big_integer().not_null())
                    // Where it was published: `discussion:groups:12`, `group_update:12`…
                    .col(ColumnDef::new(D::Place).string_len(100).not_null())
                    // What the guardrail found, by kind: `phone,date_of_birth`.
                    .col(ColumnDef::new(D::Kinds).string_len(200).not_null())
                    // The SHA-256 of the text declared, not the text.
                    .col(ColumnDef::new(D::TextHash).string_len(64).not_null())
                    .col(columns::timestamp(D::DeclaredAt))
                    .foreign_key(&mut columns::owned_by_user(D::Table, D::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_phi_declarations_user")
                    .table(D::Table)
                    .col(D::UserId)
                    .to_owned(),
            )
            .await?;
        columns::add_columns(
            manager,
            WorkingGroups::Table,
            vec![
                ColumnDef::new(WorkingGroups::PhiBlocking)
                    .boolean()
                    .not_null()
                    .default(false)
                    .to_owned(),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::drop_columns(
            manager,
            WorkingGroups::Table,
            vec![WorkingGroups::PhiBlocking.into_iden()],
        )
        .await?;
        manager
            .drop_table(Table::drop().table(PhiDeclarations::Table).to_owned())
            .await
    }
}
