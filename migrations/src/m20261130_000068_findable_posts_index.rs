//! PostgreSQL: a partial index of the posts anyone may find (issue 45 §1). A search walks
//! the newest posts matching its words backwards through the primary key; in the scale data
//! the newest 36,000 replies sit in private topics, so finding the newest public matches
//! read each of those rows only to skip it (4 of the 5 ms the discussions' statement took
//! for a common word). Walking this index instead reads public, live posts alone. Its
//! predicate is the public alternative of the discussions' search
//! (`discussions::service::search::visible`), which must imply it for the planner to use
//! it. SQLite's FTS5 index already skips what a viewer may not read (migration 67).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

async fn run(manager: &SchemaManager<'_>, statement: &str) -> Result<(), DbErr> {
    let db = manager.get_connection();
    if db.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    db.execute_unprepared(statement).await.map(|_| ())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        run(
            manager,
            "CREATE INDEX idx_discussion_posts_findable ON discussion_posts (id) \
             WHERE is_public AND topic_live AND deleted_at IS NULL AND hidden_at IS NULL",
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        run(manager, "DROP INDEX idx_discussion_posts_findable").await
    }
}
