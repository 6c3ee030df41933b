//! Working groups and their updates as members report them (issue 23, item 2). Reports
//! about a group go to staff; about an update, to the group's owner and moderators too.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use kernel::moderation::{Reportable, Subject};
use kernel::storage::Storage;
use kernel::{AppContext, AppResult, CurrentUser};
use owner_updates::UpdateStatus;
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

/// Group updates: members read the approved ones; the group's owner and moderators review
/// reports about them, and may hide or delete one.
pub struct Updates {
    db: DatabaseConnection,
    storage: Arc<dyn Storage>,
}

impl Updates {
    pub fn new(ctx: &AppContext) -> Self {
        Self {
            db: ctx.db.clone(),
            storage: ctx.storage.clone(),
        }
    }
}

#[async_trait]
impl Reportable for Updates {
    async fn describe(&self, ids: &[i64]) -> AppResult<HashMap<i64, Subject>> {
        let updates = group_update::Entity::find()
            .filter(group_update::Column::Id.is_in(ids.iter().copied()))
            .all(&self.db)
            .await?;
        let groups = groups_by_id(&self.db, updates.iter().map(|u| u.group_id)).await?;
        Ok(updates
            .into_iter()
            .filter_map(|u| {
                let group = groups.get(&u.group_id)?;
                let subject = Subject {
                    author_id: Some(u.created_by_id),
                    group_id: Some(u.group_id),
                    title: u.title.clone(),
                    route: page(group),
                    hidden: u.hidden_at.is_some(),
                };
                Some((u.id, subject))
            })
            .collect())
    }

    async fn readable(&self, id: i64, viewer: &CurrentUser) -> AppResult<bool> {
        let Some(update) = group_update::Entity::find_by_id(id).one(&self.db).await? else {
            return Ok(false);
        };
        let group = super::detail::by_id(&self.db, update.group_id).await?;
        let (role, agreement) = membership::standing(&self.db, &group, Some(viewer.id)).await?;
        Ok(update.approved_status == UpdateStatus::Approved
            && policy::may_read_private(role, viewer.staff_role.is_some(), agreement))
    }

    fn removable(&self) -> bool {
        true
    }

    async fn set_hidden(&self, id: i64, reason: Option<&str>) -> AppResult<()> {
        owner_updates::set_hidden::<group_update::Entity>(&self.db, id, reason).await
    }

    async fn delete(&self, id: i64, _by: i64) -> AppResult<()> {
        owner_updates::delete::<group_update::Entity>(&self.db, self.storage.as_ref(), id).await
    }
}
