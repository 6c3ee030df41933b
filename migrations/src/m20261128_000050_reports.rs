//! Reports and moderation (issue 23, item 2): members' reports (one open report per
//! member and thing, so reports counted towards hiding are independent), the moderation
//! log (who did what, when and why: never who reported), and the hidden state of the
//! content moderators can hide, kept on the content's own table.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Reports {
    Table,
    Id,
    SubjectType,
    SubjectId,
    GroupId,
    ReporterId,
    Reason,
    Details,
    CreatedAt,
    ResolvedAt,
    ActionId,
}

#[derive(DeriveIden)]
enum ModerationActions {
    Table,
    Id,
    SubjectType,
    SubjectId,
    GroupId,
    AuthorId,
    Title,
    ActorId,
    Action,
    Reason,
    Reports,
    CreatedAt,
}

#[derive(DeriveIden, Clone)]
enum DiscussionPosts {
    Table,
    HiddenAt,
    HiddenReason,
}

#[derive(DeriveIden, Clone)]
enum GroupUpdates {
    Table,
    HiddenAt,
    HiddenReason,
}

fn hidden_columns(at: impl IntoIden, reason: impl IntoIden) -> Vec<ColumnDef> {
    vec![
        ColumnDef::new(at)
            .timestamp_with_time_zone()
            .null()
            .to_owned(),
        ColumnDef::new(reason).text().null().to_owned(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        columns::add_columns(
            manager,
            DiscussionPosts::Table,
            hidden_columns(DiscussionPosts::HiddenAt, DiscussionPosts::HiddenReason),
        )
        .await?;
        columns::add_columns(
            manager,
            GroupUpdates::Table,
            hidden_columns(GroupUpdates::HiddenAt, GroupUpdates::HiddenReason),
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(ModerationActions::Table)
                    .if_not_exists()
                    .col(columns::id(ModerationActions::Id))
                    .col(
                        ColumnDef::new(ModerationActions::SubjectType)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(ModerationActions::SubjectId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(ModerationActions::GroupId)
                            .big_integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(ModerationActions::AuthorId)
                            .big_integer()
                            .null(),
                    )
                    // What it was called when acted on: the log still names a deleted item.
                    .col(ColumnDef::new(ModerationActions::Title).text().not_null())
                    // None: hidden by the platform when enough members reported it.
                    .col(
                        ColumnDef::new(ModerationActions::ActorId)
                            .big_integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(ModerationActions::Action)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(ColumnDef::new(ModerationActions::Reason).text().null())
                    // How many open reports the action settled.
                    .col(
                        ColumnDef::new(ModerationActions::Reports)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .col(columns::timestamp(ModerationActions::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_moderation_actions_group")
                    .table(ModerationActions::Table)
                    .col(ModerationActions::GroupId)
                    .col(ModerationActions::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Reports::Table)
                    .if_not_exists()
                    .col(columns::id(Reports::Id))
                    .col(
                        ColumnDef::new(Reports::SubjectType)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(ColumnDef::new(Reports::SubjectId).big_integer().not_null())
                    .col(ColumnDef::new(Reports::GroupId).big_integer().null())
                    .col(ColumnDef::new(Reports::ReporterId).big_integer().not_null())
                    .col(ColumnDef::new(Reports::Reason).string_len(32).not_null())
                    .col(ColumnDef::new(Reports::Details).text().null())
                    .col(columns::timestamp(Reports::CreatedAt))
                    .col(
                        ColumnDef::new(Reports::ResolvedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(ColumnDef::new(Reports::ActionId).big_integer().null())
                    .foreign_key(&mut columns::owned_by_user(
                        Reports::Table,
                        Reports::ReporterId,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Reports::Table, Reports::ActionId)
                            .to(ModerationActions::Table, ModerationActions::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        // The queue: open reports by subject.
        manager
            .create_index(
                Index::create()
                    .name("idx_reports_subject")
                    .table(Reports::Table)
                    .col(Reports::SubjectType)
                    .col(Reports::SubjectId)
                    .to_owned(),
            )
            .await?;
        // One open report per member and thing: a second is refused, so the count that
        // hides a thing counts different members.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX idx_reports_one_open ON reports \
                 (subject_type, subject_id, reporter_id) WHERE resolved_at IS NULL",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Reports::Table.into_iden(),
            ModerationActions::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        columns::drop_columns(
            manager,
            GroupUpdates::Table,
            vec![
                GroupUpdates::HiddenAt.into_iden(),
                GroupUpdates::HiddenReason.into_iden(),
            ],
        )
        .await?;
        columns::drop_columns(
            manager,
            DiscussionPosts::Table,
            vec![
                DiscussionPosts::HiddenAt.into_iden(),
                DiscussionPosts::HiddenReason.into_iden(),
            ],
        )
        .await
    }
}
