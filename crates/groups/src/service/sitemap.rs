//! The groups anyone may see, for the sitemap.

use kernel::sitemap::{Location, MAX_PER_KIND};
use kernel::{AppContext, AppResult};
use sea_orm::{EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entity::working_group;
use crate::service::browse::public_condition;

/// `/working-groups/{slug}` of every public group, most recently changed first.
pub async fn locations(ctx: &AppContext) -> AppResult<Vec<Location>> {
    let rows: Vec<(String, chrono::DateTime<chrono::Utc>)> = working_group::Entity::find()
        .select_only()
        .column(working_group::Column::Slug)
        .column(working_group::Column::UpdatedAt)
        .filter(public_condition())
        .order_by_desc(working_group::Column::UpdatedAt)
        .limit(MAX_PER_KIND)
        .into_tuple()
        .all(&ctx.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(slug, updated)| Location::new(format!("/working-groups/{slug}"), Some(updated)))
        .collect())
}
