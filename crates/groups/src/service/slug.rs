//! Unique, readable addresses for groups: `/working-groups/{slug}`.

use kernel::AppResult;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

use crate::entity::working_group;

/// The title's slug, numbered (`-2`, `-3`, …) when another group has it.
pub async fn unique(db: &impl ConnectionTrait, title: &str) -> AppResult<String> {
    kernel::slug::numbered(
        kernel::slug::slugify(title, "group"),
        |candidate| async move {
            let found = working_group::Entity::find()
                .filter(working_group::Column::Slug.eq(candidate))
                .count(db)
                .await?;
            Ok(found > 0)
        },
    )
    .await
}
