//! A project's topics (project tags): chosen from the list `groups` keeps, read through
//! the kernel's `GroupDirectory` (never its table), and kept here by id.

use std::collections::HashMap;

use kernel::community::ProjectTag;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::entity::tag_link;

/// The most topics one project carries.
pub const MAX_TAGS: usize = 5;
pub const TOO_MANY: &str = "Choose at most 5 topics.";
pub const UNKNOWN: &str = "Choose topics from the list.";

/// The tag ids given, once each, after checking that each is a topic.
pub async fn checked(ctx: &AppContext, ids: &[i64]) -> AppResult<Vec<i64>> {
    let mut unique: Vec<i64> = Vec::new();
    for id in ids {
        if !unique.contains(id) {
            unique.push(*id);
        }
    }
    if unique.len() > MAX_TAGS {
        return Err(AppError::field("tags", TOO_MANY));
    }
    let known = ctx.groups.topics(&unique).await?;
    if unique.iter().any(|id| !known.contains_key(id)) {
        return Err(AppError::field("tags", UNKNOWN));
    }
    Ok(unique)
}

/// The ids of the topics named by `slugs` (unknown slugs name none).
pub async fn by_slugs(ctx: &AppContext, slugs: &[String]) -> AppResult<Vec<i64>> {
    Ok(ctx
        .groups
        .all_topics()
        .await?
        .into_iter()
        .filter(|topic| slugs.contains(&topic.slug))
        .map(|topic| topic.id)
        .collect())
}

/// Replaces project `id`'s topics (ids already [`checked`]).
pub async fn set(db: &impl ConnectionTrait, project_id: i64, ids: &[i64]) -> AppResult<()> {
    tag_link::Entity::delete_many()
        .filter(tag_link::Column::ProjectId.eq(project_id))
        .exec(db)
        .await?;
    if ids.is_empty() {
        return Ok(());
    }
    tag_link::Entity::insert_many(ids.iter().map(|tag| tag_link::ActiveModel {
        project_id: Set(project_id),
        tag_id: Set(*tag),
    }))
    .exec(db)
    .await?;
    Ok(())
}

/// The topic ids of each of `projects`, in one statement.
pub async fn ids_of(
    db: &impl ConnectionTrait,
    projects: &[i64],
) -> AppResult<HashMap<i64, Vec<i64>>> {
    let mut by_project: HashMap<i64, Vec<i64>> = HashMap::new();
    for link in tag_link::Entity::find()
        .filter(tag_link::Column::ProjectId.is_in(projects.iter().copied()))
        .all(db)
        .await?
    {
        by_project
            .entry(link.project_id)
            .or_default()
            .push(link.tag_id);
    }
    for tags in by_project.values_mut() {
        tags.sort_unstable();
    }
    Ok(by_project)
}

/// The topics of each of `projects`, named: two statements whatever their number.
pub async fn of(ctx: &AppContext, projects: &[i64]) -> AppResult<HashMap<i64, Vec<ProjectTag>>> {
    let ids = ids_of(&ctx.db, projects).await?;
    let mut all: Vec<i64> = ids.values().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    let topics = ctx.groups.topics(&all).await?;
    Ok(ids
        .into_iter()
        .map(|(project, tags)| {
            let named = tags.iter().filter_map(|t| topics.get(t).cloned()).collect();
            (project, named)
        })
        .collect())
}
