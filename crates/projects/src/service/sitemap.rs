//! Live projects, for the sitemap.

use kernel::sitemap::{Location, MAX_PER_KIND};
use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entity::project;
use crate::enums::ProjectStatus;

/// `/project/{slug}` of every live project, most recently changed first.
pub async fn locations(ctx: &AppContext) -> AppResult<Vec<Location>> {
    let rows: Vec<(String, chrono::DateTime<chrono::Utc>)> = project::Entity::find()
        .select_only()
        .column(project::Column::Slug)
        .column(project::Column::UpdatedAt)
        .filter(project::Column::Status.eq(ProjectStatus::Live))
        .order_by_desc(project::Column::UpdatedAt)
        .limit(MAX_PER_KIND)
        .into_tuple()
        .all(&ctx.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(slug, updated)| Location::new(format!("/project/{slug}"), Some(updated)))
        .collect())
}
