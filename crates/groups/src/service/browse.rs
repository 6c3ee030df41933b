//! The public list of working groups (spec 2 §2 /working-groups/list).

use kernel::{AppContext, AppResult, Page, PageParams};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func, JoinType, Query};
use sea_orm::{ColumnTrait, Condition, EntityTrait, Order, QueryFilter, QueryOrder, QueryTrait};

use crate::entity::{project_tag, working_group, working_group_tag};
use crate::enums::{ActiveStatus, ApprovedStatus, GroupOrdering};

pub const PER_PAGE: u64 = 9;

/// What the browse list was asked for.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    pub search: Option<String>,
    pub ordering: Option<GroupOrdering>,
    /// Project tag slugs; a group matches when it has any of them.
    pub tags: Vec<String>,
}

/// Title or summary contains the words, ignoring case.
pub fn search_condition(search: &str) -> Option<Condition> {
    fulltext::contains(
        &[working_group::Column::Title, working_group::Column::Summary],
        search,
    )
}

/// Groups anyone may see: active and approved (or approved with changes under review).
pub fn public_condition() -> Condition {
    Condition::all()
        .add(working_group::Column::ActiveStatus.eq(ActiveStatus::Active))
        .add(working_group::Column::ApprovedStatus.is_in([
            ApprovedStatus::Approved.as_str(),
            ApprovedStatus::PendingApprovalForChanges.as_str(),
        ]))
}

/// The ids of the groups anyone may see, as a subquery.
pub fn public_ids() -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column(working_group::Column::Id)
        .from(working_group::Entity)
        .cond_where(public_condition())
        .to_owned()
}

/// Groups by id, in the order of `ids`.
pub async fn in_order(
    db: &impl sea_orm::ConnectionTrait,
    ids: &[i64],
) -> AppResult<Vec<working_group::Model>> {
    let mut found: std::collections::HashMap<i64, working_group::Model> =
        working_group::Entity::find()
            .filter(working_group::Column::Id.is_in(ids.to_vec()))
            .all(db)
            .await?
            .into_iter()
            .map(|g| (g.id, g))
            .collect();
    Ok(ids.iter().filter_map(|id| found.remove(id)).collect())
}

/// Orders groups by how many of their tags are among `tag_ids`, most first: one join
/// with the matching links counted per group, not a subquery per group.
fn by_matching_tags(
    mut select: sea_orm::Select<working_group::Entity>,
    tag_ids: &[i64],
) -> sea_orm::Select<working_group::Entity> {
    if tag_ids.is_empty() {
        return select;
    }
    let matched = Alias::new("matched");
    let matching = Alias::new("matching");
    let counts = Query::select()
        .column(working_group_tag::Column::GroupId)
        .expr_as(
            Expr::col(working_group_tag::Column::TagId).count(),
            matched.clone(),
        )
        .from(working_group_tag::Entity)
        .and_where(Expr::col(working_group_tag::Column::TagId).is_in(tag_ids.to_vec()))
        .group_by_col(working_group_tag::Column::GroupId)
        .to_owned();
    QueryTrait::query(&mut select).join_subquery(
        JoinType::LeftJoin,
        counts,
        matching.clone(),
        Expr::col((matching.clone(), working_group_tag::Column::GroupId))
            .equals((working_group::Entity, working_group::Column::Id)),
    );
    select.order_by(
        Func::coalesce([Expr::col((matching, matched)), Expr::val(0)]),
        Order::Desc,
    )
}

/// The viewer's areas of interest as project tag ids (the two lists share their subjects).
async fn recommended_tags(ctx: &AppContext, viewer: i64) -> AppResult<Vec<i64>> {
    let interests: Vec<String> = ctx
        .users
        .interests(viewer)
        .await?
        .into_iter()
        .map(|t| t.to_lowercase())
        .collect();
    Ok(project_tag::Entity::find()
        .all(&ctx.db)
        .await?
        .into_iter()
        .filter(|t| interests.contains(&t.title.to_lowercase()))
        .map(|t| t.id)
        .collect())
}

/// One page of public groups. `recommended` needs a viewer; without one it is `newest`.
pub async fn list(
    ctx: &AppContext,
    viewer: Option<i64>,
    filters: &Filters,
    params: &PageParams,
) -> AppResult<Page<working_group::Model>> {
    let mut select = working_group::Entity::find().filter(public_condition());
    if let Some(condition) = filters.search.as_deref().and_then(search_condition) {
        select = select.filter(condition);
    }
    if !filters.tags.is_empty() {
        let tagged = Query::select()
            .column(working_group_tag::Column::GroupId)
            .from(working_group_tag::Entity)
            .inner_join(
                project_tag::Entity,
                Expr::col((project_tag::Entity, project_tag::Column::Id))
                    .equals((working_group_tag::Entity, working_group_tag::Column::TagId)),
            )
            .and_where(
                Expr::col((project_tag::Entity, project_tag::Column::Slug))
                    .is_in(filters.tags.clone()),
            )
            .to_owned();
        select = select.filter(working_group::Column::Id.in_subquery(tagged));
    }
    let ordering = match (filters.ordering, viewer) {
        (Some(GroupOrdering::Recommended), None) | (None, _) => GroupOrdering::Newest,
        (Some(ordering), _) => ordering,
    };
    select = match ordering {
        GroupOrdering::Newest => select,
        GroupOrdering::Title => select.order_by_asc(working_group::Column::Title),
        GroupOrdering::Popular => select.order_by(
            Expr::col(working_group::Column::MembersCount)
                .add(Expr::col(working_group::Column::CommentsCount)),
            Order::Desc,
        ),
        GroupOrdering::Recommended => {
            let viewer = viewer.unwrap_or_default();
            by_matching_tags(select, &recommended_tags(ctx, viewer).await?)
        }
    };
    let select = select
        .order_by_desc(working_group::Column::CreatedAt)
        .order_by_desc(working_group::Column::Id);
    kernel::pagination::paginate(&ctx.db, select, params, PER_PAGE).await
}

/// The public groups a member created, newest first, for their profile. A private
/// profile lists none.
pub async fn created_by(ctx: &AppContext, user_id: i64) -> AppResult<Vec<working_group::Model>> {
    let visible = ctx
        .users
        .summaries(&[user_id])
        .await?
        .get(&user_id)
        .is_some_and(|u| !u.is_private);
    if !visible {
        return Ok(Vec::new());
    }
    Ok(working_group::Entity::find()
        .filter(public_condition())
        .filter(working_group::Column::CreatedById.eq(user_id))
        .order_by_desc(working_group::Column::CreatedAt)
        .all(&ctx.db)
        .await?)
}
