//! What everyone sees: live projects (searched, by topics, sorted), and a project's page.

use kernel::{AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::{Expr, ExprTrait, Query, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder};

use crate::entity::{project, tag_link};
use crate::enums::{ProjectSort, ProjectStatus};
use crate::policy;

/// Spec 1's lists show 9 cards a page.
const PER_PAGE: u64 = 9;

/// What `/projects` asks for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Browse<'a> {
    /// Words in the title or lay summary.
    pub search: Option<&'a str>,
    /// Only projects with any of these topics (ids); `None` for every topic.
    pub topics: Option<&'a [i64]>,
    pub sort: Option<ProjectSort>,
}

/// How many rows of `table` name the project (reviews, hearts): a subquery per row, which
/// the (project_id, …) indexes answer.
fn count_of(table: &str) -> SimpleExpr {
    Expr::cust(format!(
        "(SELECT COUNT(*) FROM {table} WHERE {table}.project_id = projects.id)"
    ))
}

/// Live projects as `browse` asks for them; the newest live first by default.
pub async fn live(
    db: &impl ConnectionTrait,
    browse: Browse<'_>,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let mut select =
        project::Entity::find().filter(project::Column::Status.eq(ProjectStatus::Live));
    if let Some(found) = browse.search.and_then(|text| {
        fulltext::contains(&[project::Column::Title, project::Column::LaySummary], text)
    }) {
        select = select.filter(found);
    }
    if let Some(topics) = browse.topics {
        let tagged = Query::select()
            .column(tag_link::Column::ProjectId)
            .from(tag_link::Entity)
            .and_where(Expr::col(tag_link::Column::TagId).is_in(topics.iter().copied()))
            .to_owned();
        select = select.filter(project::Column::Id.in_subquery(tagged));
    }
    select = match browse.sort.unwrap_or(ProjectSort::Newest) {
        ProjectSort::Newest => select.order_by_desc(project::Column::LiveAt),
        ProjectSort::EndingSoon => select.order_by_asc(project::Column::ClosesAt),
        ProjectSort::MostReviewed => select.order_by(count_of("project_reviews"), Order::Desc),
        ProjectSort::MostFavorited => select.order_by(count_of("project_favorites"), Order::Desc),
    };
    let select = select.order_by_desc(project::Column::Id);
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
    let is_staff = viewer.is_some_and(|v| v.staff_role.is_some());
    if policy::may_view(found.status, is_owner, is_staff) {
        Ok(found)
    } else {
        Err(AppError::not_found())
    }
}

/// The public (live or closed) project at `slug`; 404 otherwise.
pub async fn public(db: &impl ConnectionTrait, slug: &str) -> AppResult<project::Model> {
    by_slug(db, slug, None).await
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
