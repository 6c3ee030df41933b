//! Discussions: topics and their replies in one table (a reply names its topic), files
//! attached to them, and one vote per member and post.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DiscussionPosts {
    Table,
    Id,
    TargetType,
    TargetId,
    TopicId,
    ParentId,
    IsPublic,
    Text,
    CreatedById,
    CreatedAt,
    UpdatedAt,
    EditedAt,
    DeletedAt,
    DeletedById,
    VotesUp,
    VotesDown,
    NumReplies,
}

#[derive(DeriveIden)]
enum DiscussionAttachments {
    Table,
    Id,
    PostId,
    Kind,
    FileKey,
    Filename,
    CreatedAt,
}

#[derive(DeriveIden)]
enum DiscussionVotes {
    Table,
    PostId,
    UserId,
    Reaction,
    CreatedAt,
}

fn counter<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .integer()
        .not_null()
        .default(0)
        .to_owned()
}

fn of_post<T: IntoIden>(table: T, column: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(DiscussionPosts::Table, DiscussionPosts::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DiscussionPosts as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .if_not_exists()
                    .col(columns::id(P::Id))
                    // `groups`, `projects` or `blog/api`, and the target's id there.
                    .col(ColumnDef::new(P::TargetType).string_len(16).not_null())
                    .col(ColumnDef::new(P::TargetId).big_integer().not_null())
                    // NULL for a topic; the topic's id for a reply.
                    .col(ColumnDef::new(P::TopicId).big_integer().null())
                    // The reply a reply answers (and quotes).
                    .col(ColumnDef::new(P::ParentId).big_integer().null())
                    .col(
                        ColumnDef::new(P::IsPublic)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .col(ColumnDef::new(P::Text).text().not_null())
                    .col(ColumnDef::new(P::CreatedById).big_integer().not_null())
                    .col(columns::timestamp(P::CreatedAt))
                    .col(columns::timestamp(P::UpdatedAt))
                    .col(
                        ColumnDef::new(P::EditedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(P::DeletedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(ColumnDef::new(P::DeletedById).big_integer().null())
                    .col(counter(P::VotesUp))
                    .col(counter(P::VotesDown))
                    .col(counter(P::NumReplies))
                    .foreign_key(&mut columns::owned_by_user(P::Table, P::CreatedById))
                    .foreign_key(&mut of_post(P::Table, P::TopicId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::ParentId)
                            .to(P::Table, P::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_discussion_posts_target")
                    .table(P::Table)
                    .col(P::TargetType)
                    .col(P::TargetId)
                    .col(P::TopicId)
                    .col(P::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_discussion_posts_topic")
                    .table(P::Table)
                    .col(P::TopicId)
                    .col(P::CreatedAt)
                    .to_owned(),
            )
            .await?;

        use DiscussionAttachments as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .if_not_exists()
                    .col(columns::id(A::Id))
                    .col(ColumnDef::new(A::PostId).big_integer().not_null())
                    // `image` or `pdf`, decided by the file's content.
                    .col(ColumnDef::new(A::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(A::FileKey).string_len(255).not_null())
                    .col(ColumnDef::new(A::Filename).string_len(255).not_null())
                    .col(columns::timestamp(A::CreatedAt))
                    .foreign_key(&mut of_post(A::Table, A::PostId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_discussion_attachments_post")
                    .table(A::Table)
                    .col(A::PostId)
                    .to_owned(),
            )
            .await?;

        use DiscussionVotes as V;
        manager
            .create_table(
                Table::create()
                    .table(V::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(V::PostId).big_integer().not_null())
                    .col(ColumnDef::new(V::UserId).big_integer().not_null())
                    .col(ColumnDef::new(V::Reaction).string_len(8).not_null())
                    .col(columns::timestamp(V::CreatedAt))
                    .primary_key(Index::create().col(V::PostId).col(V::UserId))
                    .foreign_key(&mut of_post(V::Table, V::PostId))
                    .foreign_key(&mut columns::owned_by_user(V::Table, V::UserId))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            DiscussionVotes::Table.into_iden(),
            DiscussionAttachments::Table.into_iden(),
            DiscussionPosts::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
