//! Groups: join requests (one per member and group, pending until the owner or a
//! moderator decides) and invitations (single-use, expiring tokens bound to an address).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkingGroupJoinRequests {
    Table,
    Id,
    GroupId,
    UserId,
    Message,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkingGroupInvitations {
    Table,
    Id,
    GroupId,
    Email,
    Message,
    TokenHash,
    InvitedById,
    CreatedAt,
    SentAt,
    SendCount,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum WorkingGroups {
    Table,
    Id,
}

fn of_group<T: IntoIden>(table: T, column: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(WorkingGroups::Table, WorkingGroups::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use WorkingGroupJoinRequests as J;
        manager
            .create_table(
                Table::create()
                    .table(J::Table)
                    .if_not_exists()
                    .col(columns::id(J::Id))
                    .col(ColumnDef::new(J::GroupId).big_integer().not_null())
                    .col(ColumnDef::new(J::UserId).big_integer().not_null())
                    .col(ColumnDef::new(J::Message).text().not_null())
                    .col(columns::timestamp(J::CreatedAt))
                    .foreign_key(&mut of_group(J::Table, J::GroupId))
                    .foreign_key(&mut columns::owned_by_user(J::Table, J::UserId))
                    .to_owned(),
            )
            .await?;
        // One pending request per member and group: a second one is refused by the database
        // even when two arrive at once.
        manager
            .create_index(
                Index::create()
                    .name("idx_working_group_join_requests_unique")
                    .table(J::Table)
                    .col(J::GroupId)
                    .col(J::UserId)
                    .unique()
                    .to_owned(),
            )
            .await?;

        use WorkingGroupInvitations as I;
        manager
            .create_table(
                Table::create()
                    .table(I::Table)
                    .if_not_exists()
                    .col(columns::id(I::Id))
                    .col(ColumnDef::new(I::GroupId).big_integer().not_null())
                    .col(ColumnDef::new(I::Email).string_len(254).not_null())
                    .col(ColumnDef::new(I::Message).text().not_null())
                    // SHA-256 of the mailed token; resending replaces it (the old link is revoked).
                    .col(
                        ColumnDef::new(I::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(I::InvitedById).big_integer().not_null())
                    .col(columns::timestamp(I::CreatedAt))
                    .col(columns::timestamp(I::SentAt))
                    .col(ColumnDef::new(I::SendCount).integer().not_null().default(1))
                    .col(columns::timestamp(I::ExpiresAt))
                    .foreign_key(&mut of_group(I::Table, I::GroupId))
                    .foreign_key(&mut columns::owned_by_user(I::Table, I::InvitedById))
                    .to_owned(),
            )
            .await?;
        // One open invitation per address and group.
        manager
            .create_index(
                Index::create()
                    .name("idx_working_group_invitations_unique")
                    .table(I::Table)
                    .col(I::GroupId)
                    .col(I::Email)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            WorkingGroupInvitations::Table.into_iden(),
            WorkingGroupJoinRequests::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
