//! Backed projects: the public projects a member pledged to (spec 1's dashboard and
//! `/me/backed-projects`, spec 2's public profile). Pledges themselves are made in the
//! funding part; here they are only read.

use kernel::{AppContext, AppResult, Page, PageParams};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect,
    RelationTrait,
};

use crate::entity::{pledge, project};
use crate::enums::{PledgeStatus, ProjectStatus};

const PER_PAGE: u64 = 99;

/// Whose eyes a backed list is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// The backer's own: every pledge.
    ByBacker,
    /// The public profile: anonymous pledges left out.
    Publicly,
}

/// The public projects `backer_id` backs (a pledge made or charged), the latest pledge
/// first, each once.
pub async fn backed_by(
    db: &impl ConnectionTrait,
    backer_id: i64,
    seen: Seen,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let mut select = project::Entity::find()
        .join(JoinType::InnerJoin, pledge::Relation::Project.def().rev())
        .filter(pledge::Column::BackerId.eq(backer_id));
    if seen == Seen::Publicly {
        select = select.filter(pledge::Column::Anonymous.eq(false));
    }
    let select = select
        .filter(pledge::Column::Status.is_in(PledgeStatus::BACKING))
        .filter(project::Column::Status.is_in([ProjectStatus::Live, ProjectStatus::Closed]))
        .group_by(project::Column::Id)
        .order_by_desc(pledge::Column::CreatedAt.max())
        .order_by_desc(project::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// A member's public profile lists: the public projects they created and backed, or
/// nothing for a private profile (nor anonymous pledges).
pub async fn on_profile(
    ctx: &AppContext,
    user_id: i64,
) -> AppResult<(Vec<project::Model>, Vec<project::Model>)> {
    let people = ctx.users.summaries(&[user_id]).await?;
    if people.get(&user_id).is_none_or(|u| u.is_private) {
        return Ok((Vec::new(), Vec::new()));
    }
    let created = project::Entity::find()
        .filter(project::Column::OwnerId.eq(user_id))
        .filter(project::Column::Status.is_in([ProjectStatus::Live, ProjectStatus::Closed]))
        .order_by_desc(project::Column::LiveAt)
        .order_by_desc(project::Column::Id)
        .all(&ctx.db)
        .await?;
    let all = PageParams {
        page: Some(1),
        per_page: Some(PER_PAGE),
    };
    let backed = backed_by(&ctx.db, user_id, Seen::Publicly, &all)
        .await?
        .data;
    Ok((created, backed))
}
