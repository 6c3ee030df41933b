//! Direct messages between members (issue 49, item 6): conversations of two to ten
//! members, their messages, what each member has read, whom they blocked, who may write to
//! them, and how many conversations they started lately (new accounts start fewer).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Conversations {
    Table,
    Id,
    MemberKey,
    CreatedAt,
    LastMessageAt,
}

#[derive(DeriveIden)]
enum ConversationMembers {
    Table,
    ConversationId,
    UserId,
    LastReadId,
    JoinedAt,
}

#[derive(DeriveIden)]
enum DirectMessages {
    Table,
    Id,
    ConversationId,
    AuthorId,
    Body,
    CreatedAt,
    HiddenAt,
    HiddenReason,
    DeletedAt,
}

#[derive(DeriveIden)]
enum MessageBlocks {
    Table,
    BlockerId,
    BlockedId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum MessageSettings {
    Table,
    UserId,
    WhoMayMessage,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum MessageQuotas {
    Table,
    UserId,
    WindowStartedAt,
    Started,
}

/// Who may write to a member (`messages::enums::WhoMayMessage`).
const WHO: [&str; 3] = ["everyone", "my_groups", "nobody"];

fn in_conversation(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Conversations::Table, Conversations::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ConversationMembers as M;
        use Conversations as C;
        use DirectMessages as D;
        manager
            .create_table(
                Table::create()
                    .table(C::Table)
                    .if_not_exists()
                    .col(columns::id(C::Id))
                    // The members' ids in order: writing to the same people again goes on
                    // in their conversation, and two first messages at once make one.
                    .col(
                        ColumnDef::new(C::MemberKey)
                            .string_len(240)
                            .not_null()
                            .unique_key(),
                    )
                    .col(columns::timestamp(C::CreatedAt))
                    .col(columns::timestamp(C::LastMessageAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(M::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(M::ConversationId).big_integer().not_null())
                    .col(ColumnDef::new(M::UserId).big_integer().not_null())
                    .col(
                        ColumnDef::new(M::LastReadId)
                            .big_integer()
                            .not_null()
                            .default(0),
                    )
                    .col(columns::timestamp(M::JoinedAt))
                    .primary_key(Index::create().col(M::ConversationId).col(M::UserId))
                    .foreign_key(&mut in_conversation(M::Table, M::ConversationId))
                    .foreign_key(&mut columns::owned_by_user(M::Table, M::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_conversation_members_user")
                    .table(M::Table)
                    .col(M::UserId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(D::Table)
                    .if_not_exists()
                    .col(columns::id(D::Id))
                    .col(ColumnDef::new(D::ConversationId).big_integer().not_null())
                    .col(ColumnDef::new(D::AuthorId).big_integer().not_null())
                    .col(ColumnDef::new(D::Body).text().not_null())
                    .col(columns::timestamp(D::CreatedAt))
                    .col(
                        ColumnDef::new(D::HiddenAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(ColumnDef::new(D::HiddenReason).string_len(500).null())
                    .col(
                        ColumnDef::new(D::DeletedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(&mut in_conversation(D::Table, D::ConversationId))
                    .foreign_key(&mut columns::owned_by_user(D::Table, D::AuthorId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_direct_messages_conversation")
                    .table(D::Table)
                    .col(D::ConversationId)
                    .col(D::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MessageBlocks::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(MessageBlocks::BlockerId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(MessageBlocks::BlockedId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(columns::timestamp(MessageBlocks::CreatedAt))
                    .primary_key(
                        Index::create()
                            .col(MessageBlocks::BlockerId)
                            .col(MessageBlocks::BlockedId),
                    )
                    .check(
                        Expr::col(MessageBlocks::BlockerId).ne(Expr::col(MessageBlocks::BlockedId)),
                    )
                    .foreign_key(&mut columns::owned_by_user(
                        MessageBlocks::Table,
                        MessageBlocks::BlockerId,
                    ))
                    .foreign_key(&mut columns::owned_by_user(
                        MessageBlocks::Table,
                        MessageBlocks::BlockedId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MessageSettings::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(MessageSettings::UserId)
                            .big_integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(MessageSettings::WhoMayMessage)
                            .string_len(16)
                            .not_null()
                            .check(Expr::col(MessageSettings::WhoMayMessage).is_in(WHO)),
                    )
                    .col(columns::timestamp(MessageSettings::UpdatedAt))
                    .foreign_key(&mut columns::owned_by_user(
                        MessageSettings::Table,
                        MessageSettings::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MessageQuotas::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(MessageQuotas::UserId)
                            .big_integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(columns::timestamp(MessageQuotas::WindowStartedAt))
                    .col(
                        ColumnDef::new(MessageQuotas::Started)
                            .integer()
                            .not_null()
                            .check(Expr::col(MessageQuotas::Started).gte(0)),
                    )
                    .foreign_key(&mut columns::owned_by_user(
                        MessageQuotas::Table,
                        MessageQuotas::UserId,
                    ))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            MessageQuotas::Table.into_iden(),
            MessageSettings::Table.into_iden(),
            MessageBlocks::Table.into_iden(),
            DirectMessages::Table.into_iden(),
            ConversationMembers::Table.into_iden(),
            Conversations::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
