//! Members' favourites: a heart on a public project, and the list of them (spec 1:
//! favorite projects, 99 a page). One row per member and project (a unique index), so
//! the count stays exact however many taps race.

use kernel::{AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect,
    RelationTrait, Set,
};

use super::browse;
use crate::entity::{favorite, project};
use crate::enums::ProjectStatus;

/// Spec 1 §7: favorite projects come 99 a page.
const PER_PAGE: u64 = 99;

/// The project's hearts, and whether `viewer` gave one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hearts {
    pub count: u64,
    pub mine: bool,
}

pub async fn hearts(
    db: &impl ConnectionTrait,
    project_id: i64,
    viewer: Option<i64>,
) -> AppResult<Hearts> {
    // Both in one statement: every heart, and the viewer's among them.
    let viewers = Expr::case(
        Expr::col(favorite::Column::UserId).eq(viewer.unwrap_or(0)),
        1,
    )
    .finally(0);
    let row: Option<(i64, Option<i64>)> = favorite::Entity::find()
        .select_only()
        .column_as(Expr::col(favorite::Column::Id).count(), "count")
        .column_as(Expr::expr(viewers).sum(), "mine")
        .filter(favorite::Column::ProjectId.eq(project_id))
        .into_tuple()
        .one(db)
        .await?;
    let (count, mine) = row.unwrap_or_default();
    Ok(Hearts {
        count: u64::try_from(count).unwrap_or_default(),
        mine: viewer.is_some() && mine.unwrap_or_default() > 0,
    })
}

/// Gives or takes back the member's heart on the public project at `slug`.
pub async fn set(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    slug: &str,
    favourite: bool,
) -> AppResult<Hearts> {
    let found = browse::public(db, slug).await?;
    if favourite {
        favorite::Entity::insert(favorite::ActiveModel {
            project_id: Set(found.id),
            user_id: Set(user.id),
            created_at: Set(kernel::clock::now()),
            ..Default::default()
        })
        .on_conflict_do_nothing_on([favorite::Column::ProjectId, favorite::Column::UserId])
        .exec(db)
        .await?;
    } else {
        favorite::Entity::delete_many()
            .filter(favorite::Column::ProjectId.eq(found.id))
            .filter(favorite::Column::UserId.eq(user.id))
            .exec(db)
            .await?;
    }
    hearts(db, found.id, Some(user.id)).await
}

/// The public projects the member favourited, the latest heart first.
pub async fn of(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let select = project::Entity::find()
        .join(JoinType::InnerJoin, favorite::Relation::Project.def().rev())
        .filter(favorite::Column::UserId.eq(user.id))
        .filter(project::Column::Status.is_in([ProjectStatus::Live, ProjectStatus::Closed]))
        .order_by_desc(favorite::Column::CreatedAt)
        .order_by_desc(favorite::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// The members who gave the project a heart: its followers, who hear of its updates.
pub async fn fans_of(db: &impl ConnectionTrait, project_id: i64) -> AppResult<Vec<i64>> {
    Ok(favorite::Entity::find()
        .select_only()
        .column(favorite::Column::UserId)
        .filter(favorite::Column::ProjectId.eq(project_id))
        .into_tuple()
        .all(db)
        .await?)
}
