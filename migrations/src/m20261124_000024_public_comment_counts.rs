//! Working groups count the posts visitors may read apart from all posts, so a visitor
//! sees "1 comment" where only one public topic exists (issue 17). Filled from the live
//! posts of public topics.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkingGroups {
    Table,
    PublicCommentsCount,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(WorkingGroups::Table)
                    .add_column(
                        ColumnDef::new(WorkingGroups::PublicCommentsCount)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE working_groups SET public_comments_count = ( \
                 SELECT COUNT(*) FROM discussion_posts p \
                 LEFT JOIN discussion_posts t ON t.id = p.topic_id \
                 WHERE p.target_type = 'groups' AND p.target_id = working_groups.id \
                 AND p.deleted_at IS NULL AND COALESCE(t.is_public, p.is_public) = TRUE)",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(WorkingGroups::Table)
                    .drop_column(WorkingGroups::PublicCommentsCount)
                    .to_owned(),
            )
            .await
    }
}
