//! What the discussions crate asks of a project (through `discussions::Target`, adapted in
//! `app`): who may write and moderate in its discussion.

use kernel::{AppResult, CurrentUser};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::entity::{project, team_member};
use crate::policy;

/// A viewer's rights in project `id`'s discussion: (may write, may moderate); `None` when
/// the project is not there for them.
pub async fn rights(
    db: &impl ConnectionTrait,
    id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<Option<(bool, bool)>> {
    let Some(found) = project::Entity::find_by_id(id).one(db).await? else {
        return Ok(None);
    };
    Ok(policy::discussion(
        found.status,
        viewer.is_some(),
        viewer.is_some_and(|v| v.staff_role.is_some()),
    ))
}

/// The owner of project `id` and its team members who have accounts (whom an @mention in
/// its discussion may name), in two statements.
pub async fn people(db: &impl ConnectionTrait, id: i64) -> AppResult<Vec<i64>> {
    let owner = project::Entity::find_by_id(id)
        .select_only()
        .column(project::Column::OwnerId)
        .into_tuple::<i64>()
        .one(db)
        .await?;
    let team: Vec<Option<i64>> = team_member::Entity::find()
        .select_only()
        .column(team_member::Column::UserId)
        .filter(team_member::Column::ProjectId.eq(id))
        .into_tuple()
        .all(db)
        .await?;
    let mut people: Vec<i64> = owner
        .into_iter()
        .chain(team.into_iter().flatten())
        .collect();
    people.sort_unstable();
    people.dedup();
    Ok(people)
}

/// The projects among `ids` whose discussion is public, as (id, slug, title), in one
/// statement.
pub async fn named(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> AppResult<Vec<(i64, String, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(project::Entity::find()
        .filter(project::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .filter(|p| policy::discussion(p.status, true, false).is_some())
        .map(|p| (p.id, p.slug, p.title))
        .collect())
}

/// The owner of project `id`, if there is such a project.
pub async fn owner(db: &impl ConnectionTrait, id: i64) -> AppResult<Option<i64>> {
    Ok(project::Entity::find_by_id(id)
        .select_only()
        .column(project::Column::OwnerId)
        .into_tuple::<i64>()
        .one(db)
        .await?)
}

/// The projects `user_id` owns or is on the team of, in two statements.
pub async fn of_member(db: &impl ConnectionTrait, user_id: i64) -> AppResult<Vec<i64>> {
    let owned: Vec<i64> = project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        .filter(project::Column::OwnerId.eq(user_id))
        .into_tuple()
        .all(db)
        .await?;
    let on_team: Vec<i64> = team_member::Entity::find()
        .select_only()
        .column(team_member::Column::ProjectId)
        .filter(team_member::Column::UserId.eq(user_id))
        .into_tuple()
        .all(db)
        .await?;
    let mut ids: Vec<i64> = owned.into_iter().chain(on_team).collect();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The projects among `ids`, whatever their state, as (id, slug, title), in one statement:
/// how their own people name them (a draft's events included).
pub async fn titled(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> AppResult<Vec<(i64, String, String)>> {
    Ok(project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        .column(project::Column::Slug)
        .column(project::Column::Title)
        .filter(project::Column::Id.is_in(ids.iter().copied()))
        .into_tuple()
        .all(db)
        .await?)
}
