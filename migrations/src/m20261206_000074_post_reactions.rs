//! Discussions: reactions on topics and replies (issue 49, item 4), beside the spec's votes.
//! A member may give a post each of a small fixed set of reactions once; the set is held
//! by a check so nothing else can be stored.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DiscussionReactions {
    Table,
    PostId,
    UserId,
    Emoji,
    CreatedAt,
}

#[derive(DeriveIden)]
enum DiscussionPosts {
    Table,
    Id,
}

/// The reactions there are (`discussions::enums::Emoji`).
const EMOJI: [&str; 5] = ["heart", "celebrate", "insightful", "thanks", "curious"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use DiscussionReactions as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(R::PostId).big_integer().not_null())
                    .col(ColumnDef::new(R::UserId).big_integer().not_null())
                    .col(
                        ColumnDef::new(R::Emoji)
                            .string_len(16)
                            .not_null()
                            .check(Expr::col(R::Emoji).is_in(EMOJI)),
                    )
                    .col(columns::timestamp(R::CreatedAt))
                    // Each reaction once per member and post: two clicks at once store one.
                    .primary_key(Index::create().col(R::PostId).col(R::UserId).col(R::Emoji))
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::PostId)
                            .to(DiscussionPosts::Table, DiscussionPosts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(R::Table, R::UserId))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(DiscussionReactions::Table).to_owned())
            .await
    }
}
