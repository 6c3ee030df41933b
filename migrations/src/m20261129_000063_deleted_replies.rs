//! A topic counts its deleted replies (issue 43, item 9): the thread keeps a deleted reply's
//! place, so paging counts every reply, while the topic says how many replies are left.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DiscussionPosts {
    Table,
    NumReplies,
    NumDeletedReplies,
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
                        ColumnDef::new(P::NumDeletedReplies)
                            .integer()
                            .not_null()
                            .default(0)
                            .check(Expr::col(P::NumDeletedReplies).gte(0).and(
                                Expr::col(P::NumDeletedReplies).lte(Expr::col(P::NumReplies)),
                            )),
                    )
                    .to_owned(),
            )
            .await?;
        // The same statement on both databases: each topic counts its deleted replies.
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE discussion_posts SET num_deleted_replies = \
                 (SELECT COUNT(*) FROM discussion_posts replies \
                  WHERE replies.topic_id = discussion_posts.id AND replies.deleted_at IS NOT NULL) \
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
                    .drop_column(P::NumDeletedReplies)
                    .to_owned(),
            )
            .await
    }
}
