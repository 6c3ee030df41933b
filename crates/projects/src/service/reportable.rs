//! Project updates as members report them (issue 23, item 2): staff review the reports,
//! and may hide or delete one.

use std::collections::HashMap;

use async_trait::async_trait;
use kernel::{AppContext, AppResult, CurrentUser};
use owner_updates::{Owners, Place, ReportedUpdates};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use crate::entity::{project, update};
use crate::policy;

/// The projects that own updates: staff review reports about their updates; anyone reads
/// the approved updates of a public project.
pub struct UpdateOwners;

#[async_trait]
impl Owners for UpdateOwners {
    async fn places(&self, db: &DatabaseConnection, ids: &[i64]) -> AppResult<HashMap<i64, Place>> {
        Ok(project::Entity::find()
            .filter(project::Column::Id.is_in(ids.iter().copied()))
            .all(db)
            .await?
            .into_iter()
            .map(|p| {
                let place = Place {
                    route: format!("/project/{}", p.slug),
                    group_id: None,
                };
                (p.id, place)
            })
            .collect())
    }

    async fn may_read(
        &self,
        db: &DatabaseConnection,
        project_id: i64,
        _viewer: &CurrentUser,
    ) -> AppResult<bool> {
        let found = project::Entity::find_by_id(project_id).one(db).await?;
        Ok(found.is_some_and(|p| policy::is_public(p.status)))
    }
}

/// Project updates as members report them.
pub fn updates(ctx: &AppContext) -> ReportedUpdates<update::Entity, UpdateOwners> {
    ReportedUpdates::new(ctx, UpdateOwners)
}
