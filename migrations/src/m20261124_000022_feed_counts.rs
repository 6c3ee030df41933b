//! Feed: the number of items each audience sees, kept as items are recorded, so a page of
//! the feed needs no count over every item (issue 16). `public` counts the items anyone
//! sees; `group:<id>` the items only that group's members see. A member's feed holds the
//! public items and those of their groups.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum FeedCounts {
    Table,
    Scope,
    Items,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(FeedCounts::Table)
                    .col(
                        ColumnDef::new(FeedCounts::Scope)
                            .string_len(40)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(FeedCounts::Items)
                            .big_integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        // The items recorded so far.
        let db = manager.get_connection();
        db.execute_unprepared(
            "INSERT INTO feed_counts (scope, items) \
             SELECT 'public', COUNT(*) FROM feed_items WHERE is_public = TRUE",
        )
        .await?;
        db.execute_unprepared(
            "INSERT INTO feed_counts (scope, items) \
             SELECT 'group:' || CAST(group_id AS TEXT), COUNT(*) FROM feed_items \
             WHERE is_public = FALSE AND group_id IS NOT NULL GROUP BY group_id",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(FeedCounts::Table).to_owned())
            .await
    }
}
