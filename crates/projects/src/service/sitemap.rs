//! Live projects and their registered protocols, for the sitemap.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::sitemap::{Location, MAX_PER_KIND};
use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entity::{project, protocol};
use crate::enums::ProjectStatus;

/// `/project/{slug}` of every live project, most recently changed first, and
/// `/project/{slug}/protocol` of each whose protocol is registered (changed when its latest
/// version was): two statements.
pub async fn locations(ctx: &AppContext) -> AppResult<Vec<Location>> {
    let rows: Vec<(i64, String, DateTime<Utc>)> = project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        .column(project::Column::Slug)
        .column(project::Column::UpdatedAt)
        .filter(project::Column::Status.eq(ProjectStatus::Live))
        .order_by_desc(project::Column::UpdatedAt)
        .limit(MAX_PER_KIND)
        .into_tuple()
        .all(&ctx.db)
        .await?;
    let ids: Vec<i64> = rows.iter().map(|(id, _, _)| *id).collect();
    let registered: HashMap<i64, DateTime<Utc>> = protocol::Entity::find()
        .select_only()
        .column(protocol::Column::ProjectId)
        .column_as(protocol::Column::RegisteredAt.max(), "registered")
        .filter(protocol::Column::ProjectId.is_in(ids))
        .group_by(protocol::Column::ProjectId)
        .into_tuple::<(i64, DateTime<Utc>)>()
        .all(&ctx.db)
        .await?
        .into_iter()
        .collect();
    let mut locations = Vec::with_capacity(rows.len() + registered.len());
    for (id, slug, updated) in rows {
        if let Some(when) = registered.get(&id) {
            locations.push(Location::new(
                format!("/project/{slug}/protocol"),
                Some(*when),
            ));
        }
        locations.push(Location::new(format!("/project/{slug}"), Some(updated)));
    }
    Ok(locations)
}
