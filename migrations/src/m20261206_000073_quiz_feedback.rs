//! Learning: feedback after a quiz (issue 49, item 5). Staff explain each question's right
//! answer; a quiz shows members which questions they got wrong, with the explanations, after
//! every completed attempt or only once they pass (so the answers are not handed out).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum QuizQuestions {
    Table,
    Explanation,
}

#[derive(DeriveIden, Clone)]
enum Quizzes {
    Table,
    Feedback,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::add_columns(
            manager,
            QuizQuestions::Table,
            vec![
                ColumnDef::new(QuizQuestions::Explanation)
                    .text()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        columns::add_columns(
            manager,
            Quizzes::Table,
            vec![
                ColumnDef::new(Quizzes::Feedback)
                    .string_len(20)
                    .not_null()
                    .default("after_passing")
                    .to_owned(),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::drop_columns(
            manager,
            QuizQuestions::Table,
            vec![QuizQuestions::Explanation.into_iden()],
        )
        .await?;
        columns::drop_columns(manager, Quizzes::Table, vec![Quizzes::Feedback.into_iden()]).await
    }
}
