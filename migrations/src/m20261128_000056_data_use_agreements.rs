//! Data-use agreements (issue 24, item 2): a working group's versioned agreement, who
//! accepted which version when, and the version each member and each pending asker holds,
//! so reading a group's private content stays one comparison on rows already loaded.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum GroupAgreements {
    Table,
    Id,
    GroupId,
    Version,
    Body,
    GraceDays,
    PublishedById,
    PublishedAt,
}

#[derive(DeriveIden)]
enum GroupAgreementAcceptances {
    Table,
    Id,
    GroupId,
    UserId,
    Version,
    AcceptedAt,
}

#[derive(DeriveIden, Clone)]
enum WorkingGroups {
    Table,
    Id,
    AgreementVersion,
    AgreementGraceUntil,
}

#[derive(DeriveIden, Clone)]
enum WorkingGroupMembers {
    Table,
    AgreementVersion,
}

#[derive(DeriveIden, Clone)]
enum WorkingGroupJoinRequests {
    Table,
    AgreementVersion,
}

fn of_group<T: IntoIden, C: IntoIden>(table: T, column: C) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(WorkingGroups::Table, WorkingGroups::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn version<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).integer().null().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use GroupAgreementAcceptances as Accepted;
        use GroupAgreements as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .if_not_exists()
                    .col(columns::id(A::Id))
                    .col(ColumnDef::new(A::GroupId).big_integer().not_null())
                    .col(ColumnDef::new(A::Version).integer().not_null())
                    .col(ColumnDef::new(A::Body).text().not_null())
                    .col(ColumnDef::new(A::GraceDays).integer().not_null())
                    // Kept when the account goes: the agreement belongs to the group.
                    .col(ColumnDef::new(A::PublishedById).big_integer().not_null())
                    .col(columns::timestamp(A::PublishedAt))
                    .foreign_key(&mut of_group(A::Table, A::GroupId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_group_agreements_version")
                    .table(A::Table)
                    .col(A::GroupId)
                    .col(A::Version)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Accepted::Table)
                    .if_not_exists()
                    .col(columns::id(Accepted::Id))
                    .col(ColumnDef::new(Accepted::GroupId).big_integer().not_null())
                    .col(ColumnDef::new(Accepted::UserId).big_integer().not_null())
                    .col(ColumnDef::new(Accepted::Version).integer().not_null())
                    .col(columns::timestamp(Accepted::AcceptedAt))
                    .foreign_key(&mut of_group(Accepted::Table, Accepted::GroupId))
                    .foreign_key(&mut columns::owned_by_user(
                        Accepted::Table,
                        Accepted::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_group_agreement_acceptances_once")
                    .table(Accepted::Table)
                    .col(Accepted::GroupId)
                    .col(Accepted::UserId)
                    .col(Accepted::Version)
                    .unique()
                    .to_owned(),
            )
            .await?;
        columns::add_columns(
            manager,
            WorkingGroups::Table,
            vec![
                version(WorkingGroups::AgreementVersion),
                ColumnDef::new(WorkingGroups::AgreementGraceUntil)
                    .timestamp_with_time_zone()
                    .null()
                    .to_owned(),
            ],
        )
        .await?;
        columns::add_columns(
            manager,
            WorkingGroupMembers::Table,
            vec![version(WorkingGroupMembers::AgreementVersion)],
        )
        .await?;
        columns::add_columns(
            manager,
            WorkingGroupJoinRequests::Table,
            vec![version(WorkingGroupJoinRequests::AgreementVersion)],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::drop_columns(
            manager,
            WorkingGroupJoinRequests::Table,
            vec![WorkingGroupJoinRequests::AgreementVersion.into_iden()],
        )
        .await?;
        columns::drop_columns(
            manager,
            WorkingGroupMembers::Table,
            vec![WorkingGroupMembers::AgreementVersion.into_iden()],
        )
        .await?;
        columns::drop_columns(
            manager,
            WorkingGroups::Table,
            vec![
                WorkingGroups::AgreementVersion.into_iden(),
                WorkingGroups::AgreementGraceUntil.into_iden(),
            ],
        )
        .await?;
        manager
            .drop_table(
                Table::drop()
                    .table(GroupAgreementAcceptances::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(GroupAgreements::Table).to_owned())
            .await
    }
}
