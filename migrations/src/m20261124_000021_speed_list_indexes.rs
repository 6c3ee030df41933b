//! Indexes for every filter and order the lists offer (issue 16): the public groups in
//! each ordering (partial indexes over the public groups only), a member's memberships,
//! the groups of a tag, a viewer's feed, and the platform's active members (counted on
//! every dashboard).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkingGroups {
    Table,
    Id,
    Title,
    ActiveStatus,
    ApprovedStatus,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkingGroupMembers {
    Table,
    UserId,
    GroupId,
}

#[derive(DeriveIden)]
enum WorkingGroupTags {
    Table,
    TagId,
    GroupId,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    IsActive,
}

#[derive(DeriveIden)]
enum FeedItems {
    Table,
    GroupId,
    IsPublic,
    CreatedAt,
}

/// The groups anyone may see: what the browse list shows.
fn public_groups(index: &mut IndexCreateStatement) -> &mut IndexCreateStatement {
    index
        .and_where(Expr::col(WorkingGroups::ActiveStatus).eq("active"))
        .and_where(
            Expr::col(WorkingGroups::ApprovedStatus)
                .is_in(["approved", "pending_approval_for_changes"]),
        )
}

fn indexes() -> Vec<IndexCreateStatement> {
    let newest = public_groups(
        Index::create()
            .name("idx_working_groups_public_newest")
            .table(WorkingGroups::Table)
            .col((WorkingGroups::CreatedAt, IndexOrder::Desc))
            .col((WorkingGroups::Id, IndexOrder::Desc)),
    )
    .to_owned();
    let by_title = public_groups(
        Index::create()
            .name("idx_working_groups_public_title")
            .table(WorkingGroups::Table)
            .col(WorkingGroups::Title)
            .col((WorkingGroups::CreatedAt, IndexOrder::Desc))
            .col((WorkingGroups::Id, IndexOrder::Desc)),
    )
    .to_owned();
    vec![
        newest,
        by_title,
        Index::create()
            .name("idx_working_group_members_user")
            .table(WorkingGroupMembers::Table)
            .col(WorkingGroupMembers::UserId)
            .col(WorkingGroupMembers::GroupId)
            .to_owned(),
        Index::create()
            .name("idx_working_group_tags_tag")
            .table(WorkingGroupTags::Table)
            .col(WorkingGroupTags::TagId)
            .col(WorkingGroupTags::GroupId)
            .to_owned(),
        Index::create()
            .name("idx_users_active")
            .table(Users::Table)
            .col(Users::Id)
            .and_where(Expr::col(Users::IsActive).eq(true))
            .to_owned(),
        Index::create()
            .name("idx_feed_items_public")
            .table(FeedItems::Table)
            .col(FeedItems::IsPublic)
            .col(FeedItems::CreatedAt)
            .to_owned(),
        Index::create()
            .name("idx_feed_items_group")
            .table(FeedItems::Table)
            .col(FeedItems::GroupId)
            .col(FeedItems::CreatedAt)
            .to_owned(),
    ]
}

/// The `popular` ordering's index is on an expression, which sea-query renders for
/// PostgreSQL only; this SQL means the same on SQLite and PostgreSQL.
const POPULAR: &str = "CREATE INDEX idx_working_groups_public_popular ON working_groups \
    ((members_count + comments_count) DESC, created_at DESC, id DESC) \
    WHERE active_status = 'active' \
    AND approved_status IN ('approved', 'pending_approval_for_changes')";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for index in indexes() {
            manager.create_index(index).await?;
        }
        manager.get_connection().execute_unprepared(POPULAR).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_working_groups_public_popular")
                    .to_owned(),
            )
            .await?;
        for index in indexes() {
            let name = index
                .get_index_spec()
                .get_name()
                .unwrap_or_default()
                .to_owned();
            manager
                .drop_index(Index::drop().name(name).to_owned())
                .await?;
        }
        Ok(())
    }
}
