//! Events of working groups and projects (issue 49, item 7): meetings their owners schedule,
//! members' answers, the reminders sent (each once per meeting, member and lead time), and
//! each member's secret calendar feed (only its hash is kept).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Meetings {
    Table,
    Id,
    HostType,
    HostId,
    Title,
    Description,
    StartsAt,
    EndsAt,
    TimeZone,
    OnlineUrl,
    Place,
    CreatedById,
    CreatedAt,
    CancelledAt,
}

#[derive(DeriveIden)]
enum MeetingAnswers {
    Table,
    MeetingId,
    UserId,
    Answer,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum MeetingReminders {
    Table,
    MeetingId,
    UserId,
    Lead,
    SentAt,
}

#[derive(DeriveIden)]
enum CalendarFeeds {
    Table,
    UserId,
    TokenHash,
    CreatedAt,
}

/// What hosts a meeting (`meetings::enums::HostType`).
const HOSTS: [&str; 2] = ["groups", "projects"];
/// A member's answer (`meetings::enums::Answer`).
const ANSWERS: [&str; 3] = ["going", "maybe", "not_going"];
/// How long before a meeting a reminder goes (`meetings::enums::Lead`).
const LEADS: [&str; 2] = ["day", "hour"];

fn of_meeting(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Meetings::Table, Meetings::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use Meetings as M;
        manager
            .create_table(
                Table::create()
                    .table(M::Table)
                    .if_not_exists()
                    .col(columns::id(M::Id))
                    .col(
                        ColumnDef::new(M::HostType)
                            .string_len(16)
                            .not_null()
                            .check(Expr::col(M::HostType).is_in(HOSTS)),
                    )
                    .col(ColumnDef::new(M::HostId).big_integer().not_null())
                    .col(ColumnDef::new(M::Title).string_len(200).not_null())
                    .col(ColumnDef::new(M::Description).text().not_null())
                    .col(columns::timestamp(M::StartsAt))
                    .col(columns::timestamp(M::EndsAt))
                    .col(ColumnDef::new(M::TimeZone).string_len(64).not_null())
                    .col(ColumnDef::new(M::OnlineUrl).string_len(1024).null())
                    .col(ColumnDef::new(M::Place).string_len(300).null())
                    .col(ColumnDef::new(M::CreatedById).big_integer().not_null())
                    .col(columns::timestamp(M::CreatedAt))
                    .col(
                        ColumnDef::new(M::CancelledAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    // A meeting ends after it starts, and is held somewhere.
                    .check(Expr::col(M::EndsAt).gt(Expr::col(M::StartsAt)))
                    .check(
                        Expr::col(M::OnlineUrl)
                            .is_not_null()
                            .or(Expr::col(M::Place).is_not_null()),
                    )
                    .foreign_key(&mut columns::owned_by_user(M::Table, M::CreatedById))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_meetings_host_start")
                    .table(M::Table)
                    .col(M::HostType)
                    .col(M::HostId)
                    .col(M::StartsAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_meetings_start")
                    .table(M::Table)
                    .col(M::StartsAt)
                    .to_owned(),
            )
            .await?;
        use MeetingAnswers as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(A::MeetingId).big_integer().not_null())
                    .col(ColumnDef::new(A::UserId).big_integer().not_null())
                    .col(
                        ColumnDef::new(A::Answer)
                            .string_len(16)
                            .not_null()
                            .check(Expr::col(A::Answer).is_in(ANSWERS)),
                    )
                    .col(columns::timestamp(A::UpdatedAt))
                    // One answer per member and meeting: answering again changes it.
                    .primary_key(Index::create().col(A::MeetingId).col(A::UserId))
                    .foreign_key(&mut of_meeting(A::Table, A::MeetingId))
                    .foreign_key(&mut columns::owned_by_user(A::Table, A::UserId))
                    .to_owned(),
            )
            .await?;
        use MeetingReminders as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(R::MeetingId).big_integer().not_null())
                    .col(ColumnDef::new(R::UserId).big_integer().not_null())
                    .col(
                        ColumnDef::new(R::Lead)
                            .string_len(8)
                            .not_null()
                            .check(Expr::col(R::Lead).is_in(LEADS)),
                    )
                    .col(columns::timestamp(R::SentAt))
                    // Claimed once: two workers at once remind a member once.
                    .primary_key(
                        Index::create()
                            .col(R::MeetingId)
                            .col(R::UserId)
                            .col(R::Lead),
                    )
                    .foreign_key(&mut of_meeting(R::Table, R::MeetingId))
                    .foreign_key(&mut columns::owned_by_user(R::Table, R::UserId))
                    .to_owned(),
            )
            .await?;
        use CalendarFeeds as F;
        manager
            .create_table(
                Table::create()
                    .table(F::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(F::UserId)
                            .big_integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(F::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(columns::timestamp(F::CreatedAt))
                    .foreign_key(&mut columns::owned_by_user(F::Table, F::UserId))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            CalendarFeeds::Table.into_iden(),
            MeetingReminders::Table.into_iden(),
            MeetingAnswers::Table.into_iden(),
            Meetings::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
