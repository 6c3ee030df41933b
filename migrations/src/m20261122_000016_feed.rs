//! Feed: members' notifications, the e-mail outbox that delivers them durably, and the
//! activity items of the feed.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Notifications {
    Table,
    Id,
    UserId,
    Kind,
    Title,
    Message,
    InAppRoute,
    ObjectSlug,
    ContentType,
    InviteToken,
    ReadAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum EmailOutbox {
    Table,
    Id,
    ToEmail,
    Subject,
    Text,
    Status,
    Attempts,
    NextAttemptAt,
    LockedUntil,
    LastError,
    CreatedAt,
    SentAt,
}

#[derive(DeriveIden)]
enum FeedItems {
    Table,
    Id,
    EventType,
    ObjectType,
    ActorId,
    GroupId,
    IsPublic,
    Content,
    RelatedContent,
    SearchText,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use Notifications as N;
        manager
            .create_table(
                Table::create()
                    .table(N::Table)
                    .if_not_exists()
                    .col(columns::id(N::Id))
                    .col(ColumnDef::new(N::UserId).big_integer().not_null())
                    .col(ColumnDef::new(N::Kind).string_len(64).not_null())
                    .col(ColumnDef::new(N::Title).string_len(255).not_null())
                    .col(ColumnDef::new(N::Message).text().not_null())
                    .col(ColumnDef::new(N::InAppRoute).string_len(1024).null())
                    .col(ColumnDef::new(N::ObjectSlug).string_len(255).null())
                    .col(ColumnDef::new(N::ContentType).string_len(32).null())
                    .col(ColumnDef::new(N::InviteToken).string_len(128).null())
                    .col(ColumnDef::new(N::ReadAt).timestamp_with_time_zone().null())
                    .col(columns::timestamp(N::CreatedAt))
                    .foreign_key(&mut columns::owned_by_user(N::Table, N::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_notifications_user")
                    .table(N::Table)
                    .col(N::UserId)
                    .col(N::ReadAt)
                    .col(N::CreatedAt)
                    .to_owned(),
            )
            .await?;

        use EmailOutbox as E;
        manager
            .create_table(
                Table::create()
                    .table(E::Table)
                    .if_not_exists()
                    .col(columns::id(E::Id))
                    .col(ColumnDef::new(E::ToEmail).string_len(254).not_null())
                    .col(ColumnDef::new(E::Subject).string_len(255).not_null())
                    .col(ColumnDef::new(E::Text).text().not_null())
                    // `pending`, `sent` or `failed` (gave up).
                    .col(
                        ColumnDef::new(E::Status)
                            .string_len(16)
                            .not_null()
                            .default("pending"),
                    )
                    .col(ColumnDef::new(E::Attempts).integer().not_null().default(0))
                    .col(columns::timestamp(E::NextAttemptAt))
                    // A worker holds the row until then; a crashed worker's hold runs out.
                    .col(
                        ColumnDef::new(E::LockedUntil)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(ColumnDef::new(E::LastError).text().null())
                    .col(columns::timestamp(E::CreatedAt))
                    .col(ColumnDef::new(E::SentAt).timestamp_with_time_zone().null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_email_outbox_due")
                    .table(E::Table)
                    .col(E::Status)
                    .col(E::NextAttemptAt)
                    .to_owned(),
            )
            .await?;

        use FeedItems as F;
        manager
            .create_table(
                Table::create()
                    .table(F::Table)
                    .if_not_exists()
                    .col(columns::id(F::Id))
                    .col(ColumnDef::new(F::EventType).string_len(64).not_null())
                    .col(ColumnDef::new(F::ObjectType).string_len(32).not_null())
                    .col(ColumnDef::new(F::ActorId).big_integer().null())
                    // Working group activity names its group; private items are for its members.
                    .col(ColumnDef::new(F::GroupId).big_integer().null())
                    .col(
                        ColumnDef::new(F::IsPublic)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .col(ColumnDef::new(F::Content).text().not_null())
                    .col(ColumnDef::new(F::RelatedContent).text().not_null())
                    .col(ColumnDef::new(F::SearchText).text().not_null())
                    .col(columns::timestamp(F::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_feed_items_created")
                    .table(F::Table)
                    .col(F::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            FeedItems::Table.into_iden(),
            EmailOutbox::Table.into_iden(),
            Notifications::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
