//! A lecture's captions become one WebVTT track per language (issue 21): staff upload each
//! language apart and the player offers them all. The English track each lecture had moves
//! into the new table.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LectureCaptions {
    Table,
    Id,
    LectureId,
    Language,
    File,
    CreatedAt,
}

#[derive(DeriveIden, Clone)]
enum Lectures {
    Table,
    Id,
    CaptionsFile,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use LectureCaptions as C;
        manager
            .create_table(
                Table::create()
                    .table(C::Table)
                    .if_not_exists()
                    .col(columns::id(C::Id))
                    .col(ColumnDef::new(C::LectureId).big_integer().not_null())
                    .col(ColumnDef::new(C::Language).string_len(16).not_null())
                    .col(ColumnDef::new(C::File).string_len(512).not_null())
                    .col(columns::timestamp(C::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(C::Table, C::LectureId)
                            .to(Lectures::Table, Lectures::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One track per language, and a lecture's tracks in one index range.
        manager
            .create_index(
                Index::create()
                    .name("idx_lecture_captions_language")
                    .table(C::Table)
                    .col(C::LectureId)
                    .col(C::Language)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "INSERT INTO lecture_captions (lecture_id, language, file, created_at) \
                 SELECT id, 'en', captions_file, created_at FROM lectures \
                 WHERE captions_file IS NOT NULL",
            )
            .await?;
        columns::drop_columns(
            manager,
            Lectures::Table,
            vec![Lectures::CaptionsFile.into_iden()],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::add_columns(
            manager,
            Lectures::Table,
            vec![
                ColumnDef::new(Lectures::CaptionsFile)
                    .string()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE lectures SET captions_file = (SELECT file FROM lecture_captions \
                 WHERE lecture_captions.lecture_id = lectures.id AND language = 'en')",
            )
            .await?;
        manager
            .drop_table(Table::drop().table(LectureCaptions::Table).to_owned())
            .await
    }
}
