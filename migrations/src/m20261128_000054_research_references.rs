//! Research references (issue 24, item 5): the registered trials and publications a working
//! group or project links, one row per identifier and place, with the title its registry
//! gives where the operator allows outbound calls.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ResearchReferences {
    Table,
    Id,
    PlaceType,
    PlaceId,
    Kind,
    Identifier,
    IdentifierKey,
    Title,
    AddedById,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ResearchReferences as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .if_not_exists()
                    .col(columns::id(R::Id))
                    .col(ColumnDef::new(R::PlaceType).string_len(16).not_null())
                    .col(ColumnDef::new(R::PlaceId).big_integer().not_null())
                    .col(ColumnDef::new(R::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(R::Identifier).string_len(300).not_null())
                    .col(ColumnDef::new(R::IdentifierKey).string_len(300).not_null())
                    // Filled from the registry only where the operator allows the call.
                    .col(ColumnDef::new(R::Title).text().null())
                    // Kept when the account goes: the reference belongs to the place.
                    .col(ColumnDef::new(R::AddedById).big_integer().not_null())
                    .col(columns::timestamp(R::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_research_references_place")
                    .table(R::Table)
                    .col(R::PlaceType)
                    .col(R::PlaceId)
                    .col(R::IdentifierKey)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ResearchReferences::Table).to_owned())
            .await
    }
}
