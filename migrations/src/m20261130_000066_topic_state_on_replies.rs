//! Every post carries its topic's state (issue 45 §1): `is_public` was a topic's alone and
//! `topic_live` is new (the topic neither deleted nor hidden). Search walks the newest
//! matching posts and keeps those a viewer may read; reading the topic's row for each one
//! was most of a search's time at scale, where the newest matches sat in private topics.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DiscussionPosts {
    Table,
    TopicLive,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DiscussionPosts as P;
        manager
            .alter_table(
                Table::alter()
                    .table(P::Table)
                    .add_column(
                        ColumnDef::new(P::TopicLive)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .to_owned(),
            )
            .await?;
        // The same statements on both databases: each reply takes its topic's state, each
        // topic its own.
        let db = manager.get_connection();
        db.execute_unprepared(
            "UPDATE discussion_posts SET \
             is_public = (SELECT t.is_public FROM discussion_posts t \
                          WHERE t.id = discussion_posts.topic_id), \
             topic_live = (SELECT t.deleted_at IS NULL AND t.hidden_at IS NULL \
                           FROM discussion_posts t WHERE t.id = discussion_posts.topic_id) \
             WHERE topic_id IS NOT NULL",
        )
        .await?;
        db.execute_unprepared(
            "UPDATE discussion_posts SET topic_live = (deleted_at IS NULL AND hidden_at IS NULL) \
             WHERE topic_id IS NULL",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DiscussionPosts as P;
        manager
            .alter_table(
                Table::alter()
                    .table(P::Table)
                    .drop_column(P::TopicLive)
                    .to_owned(),
            )
            .await
    }
}
