//! The staff console's charts count rows per day of the last 90: each counted table gets an
//! index on the timestamp it is counted by, so a chart reads only its period.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// (index, table, column)
const INDEXES: [(&str, &str, &str); 6] = [
    ("idx_users_date_joined", "users", "date_joined"),
    ("idx_sessions_created_at", "sessions", "created_at"),
    (
        "idx_working_groups_created_at",
        "working_groups",
        "created_at",
    ),
    (
        "idx_discussion_posts_created_at",
        "discussion_posts",
        "created_at",
    ),
    (
        "idx_quiz_attempts_started_at",
        "quiz_attempts",
        "started_at",
    ),
    ("idx_certificates_issued_at", "certificates", "issued_at"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, column) in INDEXES {
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
        for (name, table, _) in INDEXES {
            manager
                .drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
