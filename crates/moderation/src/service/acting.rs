//! A moderator acts on the reports about one item: the item's crate carries out the
//! effect, then the action is logged and settles the open reports in one transaction.

use kernel::moderation::{ModerationAction, ReportSubject, Subject};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Staff};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::Reportables;
use crate::entity::{action, report};
use crate::events::Moderated;
use crate::policy::{self, Reviewer};

pub const DONE: &str = "Done: the reports are settled.";
pub const REASON_NEEDED: &str = "Give a reason: the author will read it.";
pub const REASON_TOO_LONG: &str = "Use at most 500 characters.";
pub const GONE: &str = "This item no longer exists: dismiss its reports.";
pub const NO_AUTHOR: &str = "This item has no author to warn or suspend.";

pub const REASON_MAX_CHARS: usize = 500;

/// An action as it is logged.
pub struct Taken<'a> {
    pub kind: ReportSubject,
    pub id: i64,
    pub subject: &'a Subject,
    /// `None`: the platform, after enough reports.
    pub actor_id: Option<i64>,
    pub action: ModerationAction,
    pub reason: Option<String>,
}

/// Logs `taken`, and settles the item's open reports with it when `settles`.
pub async fn record(ctx: &AppContext, taken: &Taken<'_>, settles: bool) -> AppResult<()> {
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let now = kernel::clock::now();
    let open = open_reports(&txn, taken.kind, taken.id).await?;
    let entry = action::ActiveModel {
        subject_type: Set(taken.kind),
        subject_id: Set(taken.id),
        group_id: Set(taken
            .subject
            .group_id
            .or_else(|| open.first().and_then(|r| r.group_id))),
        author_id: Set(taken.subject.author_id),
        title: Set(taken.subject.title.clone()),
        actor_id: Set(taken.actor_id),
        action: Set(taken.action),
        reason: Set(taken.reason.clone()),
        reports: Set(if settles {
            i32::try_from(open.len()).unwrap_or(i32::MAX)
        } else {
            0
        }),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    audit::append(&txn, audit_entry(taken, entry.reports)).await?;
    if settles {
        report::Entity::update_many()
            .col_expr(report::Column::ResolvedAt, Expr::value(now))
            .col_expr(report::Column::ActionId, Expr::value(entry.id))
            .filter(report::Column::SubjectType.eq(taken.kind))
            .filter(report::Column::SubjectId.eq(taken.id))
            .filter(report::Column::ResolvedAt.is_null())
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// The chained audit entry of `taken`: `moderation.{action}` on the item, about its author,
/// with the reason and how many reports it settled.
fn audit_entry(taken: &Taken<'_>, reports: i32) -> audit::Entry {
    audit::Entry::new(
        taken.actor_id.unwrap_or(audit::PLATFORM),
        format!("moderation.{}", taken.action.as_str()),
        taken.kind.as_str(),
        taken.id,
    )
    .about(taken.subject.author_id)
    .change((), serde_json::json!({ "reports": reports }))
    .because(taken.reason.clone())
}

/// The open reports about an item, oldest first.
pub async fn open_reports(
    db: &impl sea_orm::ConnectionTrait,
    kind: ReportSubject,
    id: i64,
) -> AppResult<Vec<report::Model>> {
    Ok(report::Entity::find()
        .filter(report::Column::SubjectType.eq(kind))
        .filter(report::Column::SubjectId.eq(id))
        .filter(report::Column::ResolvedAt.is_null())
        .order_by_asc(report::Column::Id)
        .all(db)
        .await?)
}

/// How `viewer` stands to an item of `group_id` written by `author_id`.
pub async fn reviewer(
    ctx: &AppContext,
    viewer: &CurrentUser,
    group_id: Option<i64>,
    author_id: Option<i64>,
) -> AppResult<Reviewer> {
    let curates = match group_id {
        Some(group_id) => ctx.groups.curated_by(viewer.id).await?.contains(&group_id),
        None => false,
    };
    Ok(Reviewer {
        is_staff: viewer.staff_role.is_some(),
        curates,
        is_author: author_id == Some(viewer.id),
    })
}

/// The reason as kept: trimmed, required where the author is told, at most 500 characters.
fn reason(action: ModerationAction, given: Option<String>) -> AppResult<Option<String>> {
    let reason = given.map(|r| r.trim().to_owned()).filter(|r| !r.is_empty());
    match &reason {
        Some(r) if r.chars().count() > REASON_MAX_CHARS => {
            Err(AppError::field("reason", REASON_TOO_LONG))
        }
        None if policy::needs_reason(action) => Err(AppError::field("reason", REASON_NEEDED)),
        _ => Ok(reason),
    }
}

/// `viewer` takes `action` on the reported item `kind` `id`.
pub async fn act(
    ctx: &AppContext,
    reportables: &Reportables,
    viewer: &CurrentUser,
    kind: ReportSubject,
    id: i64,
    action: ModerationAction,
    given_reason: Option<String>,
) -> AppResult<()> {
    let owner = reportables.get(kind)?;
    let open = open_reports(&ctx.db, kind, id).await?;
    let Some(first) = open.first() else {
        return Err(AppError::not_found());
    };
    let found = owner.describe(&[id]).await?.remove(&id);
    let author_id = found.as_ref().and_then(|s| s.author_id);
    let reviewer = reviewer(ctx, viewer, first.group_id, author_id).await?;
    if !policy::may_review(reviewer) {
        return Err(AppError::not_found());
    }
    if !policy::may_take(action, reviewer, owner.removable()) {
        return Err(AppError::forbidden());
    }
    let reason = reason(action, given_reason)?;
    let subject = match found {
        Some(subject) => subject,
        // Deleted meanwhile: there is nothing left but to settle its reports.
        None if action == ModerationAction::Dismiss => Subject {
            author_id: None,
            group_id: first.group_id,
            title: String::new(),
            route: String::new(),
            hidden: false,
        },
        None => return Err(AppError::bad_request("gone", GONE)),
    };
    match action {
        ModerationAction::Dismiss if subject.hidden && owner.removable() => {
            owner.set_hidden(id, None).await?;
        }
        ModerationAction::Dismiss | ModerationAction::Warn => {}
        ModerationAction::Hide => owner.set_hidden(id, reason.as_deref()).await?,
        ModerationAction::Delete => owner.delete(id, viewer.id).await?,
        ModerationAction::Suspend => {
            let author = author_id.ok_or_else(|| AppError::bad_request("no_author", NO_AUTHOR))?;
            let staff = Staff(viewer.clone());
            reportables
                .sanctions()
                .suspend(&staff, author, reason.as_deref().unwrap_or_default())
                .await?;
        }
    }
    let taken = Taken {
        kind,
        id,
        subject: &subject,
        actor_id: Some(viewer.id),
        action,
        reason,
    };
    record(ctx, &taken, true).await?;
    tell_author(ctx, &taken).await;
    Ok(())
}

/// The author hears that their item was hidden or deleted, or that they are warned.
pub async fn tell_author(ctx: &AppContext, taken: &Taken<'_>) {
    let told = matches!(
        taken.action,
        ModerationAction::Hide | ModerationAction::Delete | ModerationAction::Warn
    );
    if let (true, Some(author_id)) = (told, taken.subject.author_id) {
        ctx.events
            .publish(Moderated {
                author_id,
                subject_type: taken.kind,
                title: taken.subject.title.clone(),
                route: taken.subject.route.clone(),
                action: taken.action,
                reason: taken.reason.clone(),
            })
            .await;
    }
}
