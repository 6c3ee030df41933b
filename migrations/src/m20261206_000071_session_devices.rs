//! Accounts: what a member's list of sessions shows (issue 49, item 1): the browser a
//! session was started from (its `User-Agent`, kept as sent and read when listed) and when it
//! was last used. Sessions from before keep no browser; they were last used, as far as is
//! known, when they began.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum Sessions {
    Table,
    UserAgent,
    LastActiveAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::add_columns(
            manager,
            Sessions::Table,
            vec![
                ColumnDef::new(Sessions::UserAgent)
                    .string_len(512)
                    .null()
                    .to_owned(),
                ColumnDef::new(Sessions::LastActiveAt)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        manager
            .exec_stmt(
                Query::update()
                    .table(Sessions::Table)
                    .value(Sessions::LastActiveAt, Expr::col(Sessions::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::drop_columns(
            manager,
            Sessions::Table,
            vec![
                Sessions::UserAgent.into_iden(),
                Sessions::LastActiveAt.into_iden(),
            ],
        )
        .await
    }
}
