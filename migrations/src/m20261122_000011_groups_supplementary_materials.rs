//! Groups: supplementary materials — documents (image, GIF or PDF) and links shared on a
//! working group's page.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SupplementaryMaterials {
    Table,
    Id,
    GroupId,
    Kind,
    Label,
    Url,
    FileKey,
    FileName,
    FileType,
    CreatedById,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkingGroups {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use SupplementaryMaterials as S;
        manager
            .create_table(
                Table::create()
                    .table(S::Table)
                    .if_not_exists()
                    .col(columns::id(S::Id))
                    .col(ColumnDef::new(S::GroupId).big_integer().not_null())
                    // `document` or `link`; fixed once saved.
                    .col(ColumnDef::new(S::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(S::Label).string_len(255).null())
                    .col(ColumnDef::new(S::Url).string_len(2048).null())
                    .col(ColumnDef::new(S::FileKey).string_len(255).null())
                    .col(ColumnDef::new(S::FileName).string_len(255).null())
                    // `image`, `gif` or `pdf` for documents, decided by content.
                    .col(ColumnDef::new(S::FileType).string_len(16).null())
                    .col(ColumnDef::new(S::CreatedById).big_integer().not_null())
                    .col(columns::timestamp(S::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(S::Table, S::GroupId)
                            .to(WorkingGroups::Table, WorkingGroups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(S::Table, S::CreatedById))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_supplementary_materials_group")
                    .table(S::Table)
                    .col(S::GroupId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(
                Table::drop()
                    .table(SupplementaryMaterials::Table)
                    .to_owned(),
            )
            .await
    }
}
