//! What holds events (issue 49 §7), adapted from the crates that own it: a working group's
//! members and curators come from `groups`, a project's owner and team from `projects`.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use kernel::{AppContext, AppResult, CurrentUser};
use meetings::enums::HostType;
use meetings::{Host, HostName, Hosts, Standing};
use sea_orm::DatabaseConnection;

/// Working groups: members (who read its private content) see and answer; the owner and
/// moderators schedule.
struct GroupHosts {
    ctx: AppContext,
}

#[async_trait]
impl Host for GroupHosts {
    async fn standing(&self, id: i64, viewer: &CurrentUser) -> AppResult<Option<Standing>> {
        let Some(rights) =
            groups::service::discussion::rights(&self.ctx.db, id, Some(viewer)).await?
        else {
            return Ok(None);
        };
        let manage = self.ctx.groups.curated_by(viewer.id).await?.contains(&id);
        // Members whose data-use agreement lapsed see no events until they accept it, as
        // with the group's other private content.
        Ok(Some(Standing {
            member: rights.write && rights.read_private,
            manage,
        }))
    }

    async fn members(&self, id: i64) -> AppResult<Vec<i64>> {
        groups::service::discussion::members(&self.ctx.db, id).await
    }

    async fn hosts_of(&self, user_id: i64) -> AppResult<Vec<i64>> {
        self.ctx.groups.groups_of(user_id).await
    }

    async fn names(&self, ids: &[i64]) -> AppResult<HashMap<i64, HostName>> {
        let found = groups::service::discussion::named(&self.ctx.db, ids, None).await?;
        Ok(found
            .into_iter()
            .map(|g| {
                let name = HostName {
                    title: g.group.title,
                    route: format!("/working-groups/{}", g.group.slug),
                };
                (g.group.id, name)
            })
            .collect())
    }
}

/// Projects: the owner and the team see and answer; the owner schedules.
struct ProjectHosts {
    db: DatabaseConnection,
}

#[async_trait]
impl Host for ProjectHosts {
    async fn standing(&self, id: i64, viewer: &CurrentUser) -> AppResult<Option<Standing>> {
        let Some(owner) = projects::service::discussion::owner(&self.db, id).await? else {
            return Ok(None);
        };
        let people = projects::service::discussion::people(&self.db, id).await?;
        Ok(Some(Standing {
            member: people.contains(&viewer.id),
            manage: owner == viewer.id,
        }))
    }

    async fn members(&self, id: i64) -> AppResult<Vec<i64>> {
        projects::service::discussion::people(&self.db, id).await
    }

    async fn hosts_of(&self, user_id: i64) -> AppResult<Vec<i64>> {
        projects::service::discussion::of_member(&self.db, user_id).await
    }

    async fn names(&self, ids: &[i64]) -> AppResult<HashMap<i64, HostName>> {
        let found = projects::service::discussion::titled(&self.db, ids).await?;
        Ok(found
            .into_iter()
            .map(|(id, slug, title)| {
                let name = HostName {
                    title,
                    route: format!("/project/{slug}"),
                };
                (id, name)
            })
            .collect())
    }
}

/// Every kind of host.
pub fn hosts(context: &AppContext) -> Hosts {
    Hosts::new()
        .with(
            HostType::Groups,
            Arc::new(GroupHosts {
                ctx: context.clone(),
            }),
        )
        .with(
            HostType::Projects,
            Arc::new(ProjectHosts {
                db: context.db.clone(),
            }),
        )
}
