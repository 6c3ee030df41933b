//! Changes to a live project: the owner edits it in the wizard as before, but the edits
//! wait as one document beside the public version until staff approve them (then they
//! replace it) or send them back with a reason (then they are dropped). Every decision is
//! audited in its own transaction, and the owner hears of it.

use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams, Staff};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde_json::json;

use super::review::Verdict;
use super::{browse, ownership, tags, team};
use crate::content::Content;
use crate::entity::project;
use crate::events::{Outcome, ProjectReviewed};

pub const NO_CHANGES: &str = "This project has no changes waiting for review.";

/// What the project shows once public: its own columns, topics, team and needs.
pub async fn stored(db: &impl ConnectionTrait, p: &project::Model) -> AppResult<Content> {
    let tags = tags::ids_of(db, &[p.id]).await?.remove(&p.id);
    let (team, needs) = team::of(db, p.id).await?.rows();
    Ok(Content {
        title: p.title.clone(),
        lay_summary: p.lay_summary.clone(),
        tags: tags.unwrap_or_default(),
        image: p.image.clone(),
        video_url: p.video_url.clone(),
        problem: p.problem.clone(),
        aims: p.aims.clone(),
        methods: p.methods.clone(),
        impact: p.impact.clone(),
        ethics_status: p.ethics_status,
        conflicts: p.conflicts.clone(),
        team,
        needs,
    })
}

/// What the owner edits: the waiting changes, or else what is stored.
pub async fn working(db: &impl ConnectionTrait, p: &project::Model) -> AppResult<Content> {
    match &p.pending_changes {
        Some(changes) => Ok(changes.clone()),
        None => stored(db, p).await,
    }
}

/// Proposes `content` for the live project `p`. Content equal to the public version
/// withdraws the proposal; otherwise it waits for staff, in the queue's order of the
/// first change.
pub async fn propose(
    db: &impl ConnectionTrait,
    p: project::Model,
    content: Content,
) -> AppResult<project::Model> {
    let unchanged = content == stored(db, &p).await?;
    let since = p.changes_proposed_at;
    let now = kernel::clock::now();
    let mut active: project::ActiveModel = p.into();
    if unchanged {
        active.pending_changes = Set(None);
        active.changes_proposed_at = Set(None);
    } else {
        active.pending_changes = Set(Some(content));
        active.changes_proposed_at = Set(Some(since.unwrap_or(now)));
    }
    active.updated_at = Set(now);
    Ok(active.update(db).await?)
}

/// Writes `content` as the project's own (its columns, topics, team and needs) and clears
/// any waiting changes, in staff's approval's transaction `tx`.
async fn write(
    tx: &DatabaseTransaction,
    p: project::Model,
    content: Content,
) -> AppResult<project::Model> {
    let id = p.id;
    let mut active: project::ActiveModel = p.into();
    active.title = Set(content.title);
    active.lay_summary = Set(content.lay_summary);
    active.image = Set(content.image);
    active.video_url = Set(content.video_url);
    active.problem = Set(content.problem);
    active.aims = Set(content.aims);
    active.methods = Set(content.methods);
    active.impact = Set(content.impact);
    active.ethics_status = Set(content.ethics_status);
    active.conflicts = Set(content.conflicts);
    active.pending_changes = Set(None);
    active.changes_proposed_at = Set(None);
    active.updated_at = Set(kernel::clock::now());
    let saved = active.update(tx).await?;
    tags::set(tx, id, &content.tags).await?;
    team::replace(tx, id, &content.team, &content.needs).await?;
    Ok(saved)
}

/// The owner withdraws the changes waiting on their live project.
pub async fn withdraw(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<project::Model> {
    let found = ownership::owned(&ctx.db, user, id).await?;
    let Some(proposed) = found.pending_changes.clone() else {
        return Err(AppError::bad_request("no_changes", NO_CHANGES));
    };
    let public_image = found.image.clone();
    let mut active: project::ActiveModel = found.into();
    active.pending_changes = Set(None);
    active.changes_proposed_at = Set(None);
    let saved = active.update(&ctx.db).await?;
    discard_unless(ctx, proposed.image, public_image.as_ref()).await;
    Ok(saved)
}

/// Live projects with changes waiting, the longest waiting first.
pub async fn queue(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let select = project::Entity::find()
        .filter(project::Column::ChangesProposedAt.is_not_null())
        .order_by_asc(project::Column::ChangesProposedAt)
        .order_by_asc(project::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

const PER_PAGE: u64 = 20;

/// The public version of project `id` beside the proposed one, for staff.
pub async fn compare(
    db: &impl ConnectionTrait,
    id: i64,
) -> AppResult<(project::Model, Content, Content)> {
    let found = project::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let Some(proposed) = found.pending_changes.clone() else {
        return Err(AppError::bad_request("no_changes", NO_CHANGES));
    };
    let current = stored(db, &found).await?;
    Ok((found, current, proposed))
}

/// Staff approve the waiting changes (they become the public version) or send them back
/// with a reason (the public version stays as it was).
pub async fn decide(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    verdict: Verdict,
) -> AppResult<project::Model> {
    let (action, reason) = match &verdict {
        Verdict::Approve => ("project.changes.approve", None),
        Verdict::Reject(reason) => ("project.changes.reject", Some(reason.to_string())),
    };
    let decision = audit::Decision::by(&ctx.db, staff, action, "project", id)
        .await?
        .because(reason.clone());
    let (found, current, proposed) = compare(decision.db(), id).await?;
    let decision = decision.about(Some(found.owner_id));
    let approved = matches!(verdict, Verdict::Approve);
    let (kept_image, lost_image) = if approved {
        (proposed.image.clone(), current.image.clone())
    } else {
        (current.image.clone(), proposed.image.clone())
    };
    let before = json!({"title": current.title, "changes": "waiting"});
    let updated = if approved {
        write(decision.db(), found, proposed).await?
    } else {
        let mut active: project::ActiveModel = found.into();
        active.pending_changes = Set(None);
        active.changes_proposed_at = Set(None);
        active.update(decision.db()).await?
    };
    let verdict_name = if approved { "approved" } else { "rejected" };
    decision
        .commit(
            before,
            json!({"title": updated.title, "changes": verdict_name}),
        )
        .await?;
    discard_unless(ctx, lost_image, kept_image.as_ref()).await;
    ctx.events
        .publish(ProjectReviewed {
            project: browse::ProjectRef::of(&updated),
            outcome: if approved {
                Outcome::ChangesApproved
            } else {
                Outcome::ChangesRejected
            },
            reason,
            summary: updated.lay_summary.clone(),
        })
        .await;
    Ok(updated)
}

/// Removes the stored picture `image` unless it is `kept`.
pub async fn discard_unless(ctx: &AppContext, image: Option<String>, kept: Option<&String>) {
    if let Some(image) = image.filter(|img| Some(img) != kept) {
        media::documents::discard(ctx.storage.as_ref(), &image).await;
    }
}
