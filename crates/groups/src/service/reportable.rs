//! Working groups and their updates as members report them (issue 23, item 2). Reports
//! about a group go to staff; about an update, to the group's owner and moderators too.

use std::collections::HashMap;

use async_trait::async_trait;
use kernel::moderation::{Reportable, Subject};
use kernel::{AppContext, AppResult, CurrentUser};
use owner_updates::{Owners, Place, ReportedUpdates};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use super::{detail, membership};
use crate::entity::{group_update, working_group};
use crate::policy;

async fn groups_by_id(
    db: &DatabaseConnection,
    ids: impl IntoIterator<Item = i64>,
) -> AppResult<HashMap<i64, working_group::Model>> {
    Ok(working_group::Entity::find()
        .filter(working_group::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|g| (g.id, g))
        .collect())
}

fn page(group: &working_group::Model) -> String {
    format!("/working-groups/{}", group.slug)
}

/// Working groups: staff review them; a group is not hidden from here (staff suspend it
/// in their console), its owner is warned or suspended.
pub struct Groups {
    db: DatabaseConnection,
}

impl Groups {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl Reportable for Groups {
    async fn describe(&self, ids: &[i64]) -> AppResult<HashMap<i64, Subject>> {
        Ok(groups_by_id(&self.db, ids.iter().copied())
            .await?
            .into_iter()
            .map(|(id, g)| {
                let subject = Subject {
                    author_id: Some(g.created_by_id),
                    group_id: None,
                    title: g.title.clone(),
                    route: page(&g),
                    hidden: false,
                };
                (id, subject)
            })
            .collect())
    }

    async fn readable(&self, id: i64, viewer: &CurrentUser) -> AppResult<bool> {
        let Some(group) = working_group::Entity::find_by_id(id).one(&self.db).await? else {
            return Ok(false);
        };
        Ok(detail::viewed(&self.db, group, Some(viewer)).await.is_ok())
    }
}

/// The working groups that own updates: a report about an update goes to the group's owner
/// and moderators, who may hide or delete it; members read the approved ones.
pub struct UpdateOwners;

#[async_trait]
impl Owners for UpdateOwners {
    async fn places(&self, db: &DatabaseConnection, ids: &[i64]) -> AppResult<HashMap<i64, Place>> {
        Ok(groups_by_id(db, ids.iter().copied())
            .await?
            .into_iter()
            .map(|(id, group)| {
                let place = Place {
                    route: page(&group),
                    group_id: Some(id),
                };
                (id, place)
            })
            .collect())
    }

    async fn may_read(
        &self,
        db: &DatabaseConnection,
        group_id: i64,
        viewer: &CurrentUser,
    ) -> AppResult<bool> {
        let group = detail::by_id(db, group_id).await?;
        let (role, agreement) = membership::standing(db, &group, Some(viewer.id)).await?;
        Ok(policy::may_read_private(
            role,
            viewer.staff_role.is_some(),
            agreement,
        ))
    }
}

/// Group updates as members report them.
pub fn updates(ctx: &AppContext) -> ReportedUpdates<group_update::Entity, UpdateOwners> {
    ReportedUpdates::new(ctx, UpdateOwners)
}
