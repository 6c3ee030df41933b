//! Groups: who opened a group's updates on which day, for the activity chart its owner and
//! moderators see (one row per member and day, however often they looked).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum GroupUpdateViews {
    Table,
    GroupId,
    UserId,
    Day,
}

#[derive(DeriveIden)]
enum WorkingGroups {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use GroupUpdateViews as V;
        manager
            .create_table(
                Table::create()
                    .table(V::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(V::GroupId).big_integer().not_null())
                    .col(ColumnDef::new(V::UserId).big_integer().not_null())
                    // The UTC day, `YYYY-MM-DD`: what the chart groups by, on both backends.
                    .col(ColumnDef::new(V::Day).string_len(10).not_null())
                    .primary_key(Index::create().col(V::GroupId).col(V::Day).col(V::UserId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(V::Table, V::GroupId)
                            .to(WorkingGroups::Table, WorkingGroups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(V::Table, V::UserId))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(GroupUpdateViews::Table).to_owned())
            .await
    }
}
