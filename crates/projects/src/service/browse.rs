//! What everyone sees: live projects, newest first, and a project's page.

use kernel::{AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::project;
use crate::enums::ProjectStatus;
use crate::policy;

/// Spec 1's lists show 9 cards a page.
const PER_PAGE: u64 = 9;

/// Live projects whose title or lay summary contains `search`, the newest live first.
pub async fn live(
    db: &impl ConnectionTrait,
    search: Option<&str>,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let mut select = project::Entity::find()
        .filter(project::Column::Status.eq(ProjectStatus::Live))
        .order_by_desc(project::Column::LiveAt)
        .order_by_desc(project::Column::Id);
    if let Some(found) = search.and_then(|text| {
        kernel::search::contains(&[project::Column::Title, project::Column::LaySummary], text)
    }) {
        select = select.filter(found);
    }
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// The project at `slug`, when the viewer may see it; 404 otherwise.
pub async fn by_slug(
    db: &impl ConnectionTrait,
    slug: &str,
    viewer: Option<&CurrentUser>,
) -> AppResult<project::Model> {
    let found = project::Entity::find()
        .filter(project::Column::Slug.eq(slug))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let is_owner = viewer.is_some_and(|v| v.id == found.owner_id);
    if policy::may_view(found.status, is_owner) {
        Ok(found)
    } else {
        Err(AppError::not_found())
    }
}

/// The public (live or closed) project at `slug`; 404 otherwise.
pub async fn public(db: &impl ConnectionTrait, slug: &str) -> AppResult<project::Model> {
    by_slug(db, slug, None).await
}

/// When a live project's campaign ends.
pub fn closes_at(project: &project::Model) -> Option<chrono::DateTime<chrono::Utc>> {
    let days = project.campaign_days?;
    Some(project.live_at? + chrono::Duration::days(i64::from(days)))
}

/// A project as other crates name it: its owner, address and title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectRef {
    pub id: i64,
    pub owner_id: i64,
    pub slug: String,
    pub title: String,
}

impl ProjectRef {
    pub(crate) fn of(p: &project::Model) -> Self {
        Self {
            id: p.id,
            owner_id: p.owner_id,
            slug: p.slug.clone(),
            title: p.title.clone(),
        }
    }
}

/// Project `id` as other crates name it, if there is one.
pub async fn reference(db: &impl ConnectionTrait, id: i64) -> AppResult<Option<ProjectRef>> {
    Ok(project::Entity::find_by_id(id)
        .one(db)
        .await?
        .as_ref()
        .map(ProjectRef::of))
}
