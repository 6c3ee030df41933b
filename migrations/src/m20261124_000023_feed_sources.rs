//! Feed items and notifications remember the post they came from, so an edit shows its
//! current text there, a deletion removes the item, and a topic made private leaves the
//! public feed (issue 17). Existing feed items get their post from the JSON they carry;
//! earlier notifications name no post and keep their text.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum FeedItems {
    Table,
    ObjectId,
    DiscussionId,
}

#[derive(DeriveIden)]
enum Notifications {
    Table,
    PostId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [FeedItems::ObjectId, FeedItems::DiscussionId] {
            manager
                .alter_table(
                    Table::alter()
                        .table(FeedItems::Table)
                        .add_column(ColumnDef::new(column).big_integer().null())
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Notifications::Table)
                    .add_column(ColumnDef::new(Notifications::PostId).big_integer().null())
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        let (id, discussion) = match db.get_database_backend() {
            DatabaseBackend::Postgres => (
                "(content::json->>'id')::bigint",
                "(content::json->>'discussion_id')::bigint",
            ),
            _ => (
                "json_extract(content, '$.id')",
                "json_extract(content, '$.discussion_id')",
            ),
        };
        db.execute_unprepared(&format!(
            "UPDATE feed_items SET object_id = {id}, discussion_id = {discussion} \
             WHERE object_type IN ('DISCUSSION', 'COMMENT')"
        ))
        .await?;
        for (name, table, column) in [
            ("idx_feed_items_object", "feed_items", "object_id"),
            ("idx_feed_items_discussion", "feed_items", "discussion_id"),
            ("idx_notifications_post", "notifications", "post_id"),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(Alias::new(table))
                        .col(Alias::new(column))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table) in [
            ("idx_feed_items_object", "feed_items"),
            ("idx_feed_items_discussion", "feed_items"),
            ("idx_notifications_post", "notifications"),
        ] {
            manager
                .drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned())
                .await?;
        }
        for column in [FeedItems::ObjectId, FeedItems::DiscussionId] {
            manager
                .alter_table(
                    Table::alter()
                        .table(FeedItems::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Notifications::Table)
                    .drop_column(Notifications::PostId)
                    .to_owned(),
            )
            .await
    }
}
