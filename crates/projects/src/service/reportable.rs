//! Project updates as members report them (issue 23, item 2): staff review the reports,
//! and may hide or delete one.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use kernel::moderation::{Reportable, Subject};
use kernel::storage::Storage;
use kernel::{AppContext, AppResult, CurrentUser};
use owner_updates::UpdateStatus;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use crate::entity::{project, update};
use crate::policy;

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
        let updates = update::Entity::find()
            .filter(update::Column::Id.is_in(ids.iter().copied()))
            .all(&self.db)
            .await?;
        let projects: HashMap<i64, project::Model> = project::Entity::find()
            .filter(project::Column::Id.is_in(updates.iter().map(|u| u.project_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
        Ok(updates
            .into_iter()
            .filter_map(|u| {
                let project = projects.get(&u.project_id)?;
                let subject = Subject {
                    author_id: Some(u.created_by_id),
                    group_id: None,
                    title: u.title.clone(),
                    route: format!("/project/{}", project.slug),
                    hidden: u.hidden_at.is_some(),
                };
                Some((u.id, subject))
            })
            .collect())
    }

    async fn readable(&self, id: i64, _viewer: &CurrentUser) -> AppResult<bool> {
        let Some(found) = update::Entity::find_by_id(id).one(&self.db).await? else {
            return Ok(false);
        };
        let Some(project) = project::Entity::find_by_id(found.project_id)
            .one(&self.db)
            .await?
        else {
            return Ok(false);
        };
        // Anyone reads the approved updates of a public project.
        Ok(found.approved_status == UpdateStatus::Approved && policy::is_public(project.status))
    }

    fn removable(&self) -> bool {
        true
    }

    async fn set_hidden(&self, id: i64, reason: Option<&str>) -> AppResult<()> {
        owner_updates::set_hidden::<update::Entity>(&self.db, id, reason).await
    }

    async fn delete(&self, id: i64, _by: i64) -> AppResult<()> {
        owner_updates::delete::<update::Entity>(&self.db, self.storage.as_ref(), id).await
    }
}
