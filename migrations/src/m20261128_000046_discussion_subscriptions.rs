//! Discussions: who follows or mutes what (a topic, or the whole discussion of a working
//! group, blog post or project). No row is the default: group members hear of new topics,
//! authors of replies to them. Authors follow the topics they start; the ones started
//! before this table existed are followed here too.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DiscussionSubscriptions {
    Table,
    UserId,
    SubjectType,
    SubjectId,
    Level,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DiscussionSubscriptions as S;
        manager
            .create_table(
                Table::create()
                    .table(S::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(S::UserId).big_integer().not_null())
                    // topic, group, project or blog_post.
                    .col(ColumnDef::new(S::SubjectType).string_len(16).not_null())
                    .col(ColumnDef::new(S::SubjectId).big_integer().not_null())
                    // following or muted.
                    .col(ColumnDef::new(S::Level).string_len(16).not_null())
                    .col(columns::timestamp(S::CreatedAt))
                    .primary_key(
                        Index::create()
                            .col(S::UserId)
                            .col(S::SubjectType)
                            .col(S::SubjectId),
                    )
                    .foreign_key(&mut columns::owned_by_user(S::Table, S::UserId))
                    .to_owned(),
            )
            .await?;
        // Who is told of a new post: the subscribers of its topic and of its place.
        manager
            .create_index(
                Index::create()
                    .name("idx_discussion_subscriptions_subject")
                    .table(S::Table)
                    .col(S::SubjectType)
                    .col(S::SubjectId)
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "INSERT INTO discussion_subscriptions (user_id, subject_type, subject_id, level, created_at) \
                 SELECT created_by_id, 'topic', id, 'following', created_at FROM discussion_posts \
                 WHERE topic_id IS NULL AND deleted_at IS NULL",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(
                Table::drop()
                    .table(DiscussionSubscriptions::Table)
                    .to_owned(),
            )
            .await
    }
}
