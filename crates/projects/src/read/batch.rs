//! Answers for many projects at once: cards with their owners and topics, and projects as
//! their owner edits them, each part read in one statement for the whole list.

use kernel::{AppContext, AppResult, Page};

use super::views::{ProjectCard, ProjectDraft};
use crate::entity::project;
use crate::service::tags;

/// Cards for a page of projects, their owners and topics read in one call each.
pub async fn cards(ctx: &AppContext, page: Page<project::Model>) -> AppResult<Page<ProjectCard>> {
    let owners: Vec<i64> = page.data.iter().map(|p| p.owner_id).collect();
    let people = ctx.users.summaries(&owners).await?;
    let ids: Vec<i64> = page.data.iter().map(|p| p.id).collect();
    let mut topics = tags::of(ctx, &ids).await?;
    Ok(page.map(|p| {
        let owner = people.get(&p.owner_id).cloned();
        let tags = topics.remove(&p.id).unwrap_or_default();
        ProjectCard::of(p, owner, tags, ctx.storage.as_ref())
    }))
}

/// Which version of a project a view shows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// The approved one, as the public sees it.
    Public,
    /// The owner's: a live project's changes waiting for staff, when it has some.
    Working,
}

/// Projects as their owner edits them, with their topic ids (one statement for all).
pub async fn drafts(
    ctx: &AppContext,
    projects: Vec<project::Model>,
    version: Version,
) -> AppResult<Vec<ProjectDraft>> {
    let ids: Vec<i64> = projects.iter().map(|p| p.id).collect();
    let mut topics = tags::ids_of(&ctx.db, &ids).await?;
    Ok(projects
        .into_iter()
        .map(|mut p| {
            let stored = topics.remove(&p.id).unwrap_or_default();
            let tags = match p.pending_changes.clone() {
                Some(changes) if version == Version::Working => p.overlay(changes),
                _ => stored,
            };
            ProjectDraft::of(p, tags, ctx.storage.as_ref())
        })
        .collect())
}

/// [`drafts`] of one project, in the owner's working version.
pub async fn draft(ctx: &AppContext, project: project::Model) -> AppResult<ProjectDraft> {
    let mut one = drafts(ctx, vec![project], Version::Working).await?;
    Ok(one.remove(0))
}
