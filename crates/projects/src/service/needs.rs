//! `/needs`: what every live project asks the community for, the newest first.

use std::collections::HashMap;

use kernel::{AppResult, Page, PageParams};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect,
    RelationTrait,
};

use crate::entity::{need, project};
use crate::enums::{NeedKind, ProjectStatus};

/// Needs come 20 a page.
const PER_PAGE: u64 = 20;

/// A page of live projects' needs (of one kind, when given), and their projects by id.
pub async fn open(
    db: &impl ConnectionTrait,
    kind: Option<NeedKind>,
    params: &PageParams,
) -> AppResult<(Page<need::Model>, HashMap<i64, project::Model>)> {
    let mut select = need::Entity::find()
        .join(JoinType::InnerJoin, need::Relation::Project.def())
        .filter(project::Column::Status.eq(ProjectStatus::Live))
        .order_by_desc(project::Column::LiveAt)
        .order_by_asc(need::Column::Position)
        .order_by_asc(need::Column::Id);
    if let Some(kind) = kind {
        select = select.filter(need::Column::Kind.eq(kind));
    }
    let page = kernel::pagination::paginate(db, select, params, PER_PAGE).await?;
    let ids: Vec<i64> = page.data.iter().map(|n| n.project_id).collect();
    let projects = project::Entity::find()
        .filter(project::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    Ok((page, projects))
}
