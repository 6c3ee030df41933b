//! Learning: quizzes, their questions and answer options, members' attempts and answers,
//! and the certificates passing earns.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Quizzes {
    Table,
    Id,
    Name,
    Description,
    Categories,
    Banner,
    BannerLink,
    PassMark,
    AttemptsAllowed,
    DelayHours,
    Published,
    CreatedAt,
}

#[derive(DeriveIden)]
enum QuizQuestions {
    Table,
    Id,
    QuizId,
    Position,
    Kind,
    Text,
    VideoUrl,
    IframeUrl,
}

#[derive(DeriveIden)]
enum QuizOptions {
    Table,
    Id,
    QuestionId,
    Position,
    Text,
    IsCorrect,
    CorrectPosition,
}

#[derive(DeriveIden)]
enum QuizAttempts {
    Table,
    Id,
    QuizId,
    UserId,
    Number,
    CurrentQuestionId,
    StartedAt,
    CompletedAt,
    Passed,
    Percent,
}

#[derive(DeriveIden)]
enum QuizAnswers {
    Table,
    AttemptId,
    QuestionId,
    Chosen,
    Correct,
    AnsweredAt,
}

#[derive(DeriveIden)]
enum Certificates {
    Table,
    Id,
    Code,
    UserId,
    QuizId,
    HolderName,
    QuizName,
    Percent,
    IssuedAt,
}

fn cascade<T: IntoIden, U: IntoIden>(
    from: T,
    column: T,
    to: U,
    id: U,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from, column)
        .to(to, id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use Quizzes as Q;
        manager
            .create_table(
                Table::create()
                    .table(Q::Table)
                    .if_not_exists()
                    .col(columns::id(Q::Id))
                    .col(ColumnDef::new(Q::Name).string_len(255).not_null())
                    .col(ColumnDef::new(Q::Description).text().not_null())
                    .col(
                        ColumnDef::new(Q::Categories)
                            .text()
                            .not_null()
                            .default("[]"),
                    )
                    .col(ColumnDef::new(Q::Banner).string_len(255).null())
                    .col(ColumnDef::new(Q::BannerLink).string_len(1024).null())
                    .col(ColumnDef::new(Q::PassMark).integer().not_null().default(70))
                    .col(
                        ColumnDef::new(Q::AttemptsAllowed)
                            .integer()
                            .not_null()
                            .default(3),
                    )
                    .col(
                        ColumnDef::new(Q::DelayHours)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .col(
                        ColumnDef::new(Q::Published)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .col(columns::timestamp(Q::CreatedAt))
                    .to_owned(),
            )
            .await?;

        use QuizQuestions as QQ;
        manager
            .create_table(
                Table::create()
                    .table(QQ::Table)
                    .if_not_exists()
                    .col(columns::id(QQ::Id))
                    .col(ColumnDef::new(QQ::QuizId).big_integer().not_null())
                    .col(ColumnDef::new(QQ::Position).integer().not_null())
                    // `single`, `multiple` or `DRAG_AND_DROP`.
                    .col(ColumnDef::new(QQ::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(QQ::Text).text().not_null())
                    .col(ColumnDef::new(QQ::VideoUrl).string_len(1024).null())
                    .col(ColumnDef::new(QQ::IframeUrl).string_len(1024).null())
                    .foreign_key(&mut cascade(QQ::Table, QQ::QuizId, Q::Table, Q::Id))
                    .to_owned(),
            )
            .await?;

        use QuizOptions as O;
        manager
            .create_table(
                Table::create()
                    .table(O::Table)
                    .if_not_exists()
                    .col(columns::id(O::Id))
                    .col(ColumnDef::new(O::QuestionId).big_integer().not_null())
                    .col(ColumnDef::new(O::Position).integer().not_null())
                    .col(ColumnDef::new(O::Text).text().not_null())
                    .col(
                        ColumnDef::new(O::IsCorrect)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    // Ordering questions: where this option belongs in the right order.
                    .col(ColumnDef::new(O::CorrectPosition).integer().null())
                    .foreign_key(&mut cascade(O::Table, O::QuestionId, QQ::Table, QQ::Id))
                    .to_owned(),
            )
            .await?;

        use QuizAttempts as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .if_not_exists()
                    .col(columns::id(A::Id))
                    .col(ColumnDef::new(A::QuizId).big_integer().not_null())
                    .col(ColumnDef::new(A::UserId).big_integer().not_null())
                    .col(ColumnDef::new(A::Number).integer().not_null())
                    .col(ColumnDef::new(A::CurrentQuestionId).big_integer().null())
                    .col(columns::timestamp(A::StartedAt))
                    .col(
                        ColumnDef::new(A::CompletedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(A::Passed)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .col(ColumnDef::new(A::Percent).integer().not_null().default(0))
                    .foreign_key(&mut cascade(A::Table, A::QuizId, Q::Table, Q::Id))
                    .foreign_key(&mut columns::owned_by_user(A::Table, A::UserId))
                    .to_owned(),
            )
            .await?;
        // One attempt number per member and quiz: two starting at once cannot both count.
        manager
            .create_index(
                Index::create()
                    .name("idx_quiz_attempts_number")
                    .table(A::Table)
                    .col(A::QuizId)
                    .col(A::UserId)
                    .col(A::Number)
                    .unique()
                    .to_owned(),
            )
            .await?;

        use QuizAnswers as AN;
        manager
            .create_table(
                Table::create()
                    .table(AN::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(AN::AttemptId).big_integer().not_null())
                    .col(ColumnDef::new(AN::QuestionId).big_integer().not_null())
                    // JSON list of option ids, in the member's order.
                    .col(ColumnDef::new(AN::Chosen).text().not_null())
                    .col(ColumnDef::new(AN::Correct).boolean().not_null())
                    .col(columns::timestamp(AN::AnsweredAt))
                    .primary_key(Index::create().col(AN::AttemptId).col(AN::QuestionId))
                    .foreign_key(&mut cascade(AN::Table, AN::AttemptId, A::Table, A::Id))
                    .to_owned(),
            )
            .await?;

        use Certificates as C;
        manager
            .create_table(
                Table::create()
                    .table(C::Table)
                    .if_not_exists()
                    .col(columns::id(C::Id))
                    .col(
                        ColumnDef::new(C::Code)
                            .string_len(32)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(C::UserId).big_integer().not_null())
                    .col(ColumnDef::new(C::QuizId).big_integer().not_null())
                    .col(ColumnDef::new(C::HolderName).string_len(255).not_null())
                    .col(ColumnDef::new(C::QuizName).string_len(255).not_null())
                    .col(ColumnDef::new(C::Percent).integer().not_null())
                    .col(columns::timestamp(C::IssuedAt))
                    .foreign_key(&mut cascade(C::Table, C::QuizId, Q::Table, Q::Id))
                    .foreign_key(&mut columns::owned_by_user(C::Table, C::UserId))
                    .to_owned(),
            )
            .await?;
        // A certificate is issued once per member and quiz.
        manager
            .create_index(
                Index::create()
                    .name("idx_certificates_once")
                    .table(C::Table)
                    .col(C::UserId)
                    .col(C::QuizId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Certificates::Table.into_iden(),
            QuizAnswers::Table.into_iden(),
            QuizAttempts::Table.into_iden(),
            QuizOptions::Table.into_iden(),
            QuizQuestions::Table.into_iden(),
            Quizzes::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
