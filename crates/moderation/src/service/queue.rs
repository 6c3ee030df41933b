//! The review queue: items with open reports, most reported first. Staff see every item;
//! a group's owner and moderators those of the groups they run. Reporters are never named.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::moderation::{ModerationAction, ReportReason, ReportSubject, Subject};
use kernel::users::UserSummary;
use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::{Expr, ExprTrait, Order};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, FromQueryResult, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use super::Reportables;
use crate::entity::report;
use crate::policy;

const PER_PAGE: u64 = 20;

/// One reported item and what its reports say.
pub struct Queued {
    pub kind: ReportSubject,
    pub id: i64,
    /// `None` once the item is gone.
    pub subject: Option<Subject>,
    pub author: Option<UserSummary>,
    pub group_id: Option<i64>,
    pub reports: i64,
    /// How many reports gave each reason, most given first.
    pub reasons: Vec<(ReportReason, i64)>,
    /// What reporters wrote, newest first, without their names.
    pub details: Vec<String>,
    pub first_reported_at: DateTime<Utc>,
    pub last_reported_at: DateTime<Utc>,
    /// What the viewer may do.
    pub actions: Vec<ModerationAction>,
}

#[derive(Debug, FromQueryResult)]
struct Open {
    subject_type: ReportSubject,
    subject_id: i64,
    reports: i64,
    first_at: DateTime<Utc>,
    last_at: DateTime<Utc>,
}

/// Which reports `viewer` reviews: every one for staff (or one group's), those of the
/// groups they run for a group's owner or moderator (or one of them); 404 for anyone else.
async fn scope(
    ctx: &AppContext,
    viewer: &CurrentUser,
    group_id: Option<i64>,
) -> AppResult<(Condition, Vec<i64>)> {
    let curated = ctx.groups.curated_by(viewer.id).await?;
    let is_staff = viewer.staff_role.is_some();
    let condition = match group_id {
        Some(group_id) if is_staff || curated.contains(&group_id) => {
            Condition::all().add(report::Column::GroupId.eq(group_id))
        }
        Some(_) => return Err(AppError::not_found()),
        None if is_staff => Condition::all(),
        None if !curated.is_empty() => {
            Condition::all().add(report::Column::GroupId.is_in(curated.clone()))
        }
        None => return Err(AppError::not_found()),
    };
    Ok((condition, curated))
}

/// A page of the queue.
pub async fn list(
    ctx: &AppContext,
    reportables: &Reportables,
    viewer: &CurrentUser,
    group_id: Option<i64>,
    params: &PageParams,
) -> AppResult<Page<Queued>> {
    let (page, per_page) = params.bounds(PER_PAGE)?;
    let (scope, curated) = scope(ctx, viewer, group_id).await?;
    let grouped = report::Entity::find()
        .select_only()
        .column(report::Column::SubjectType)
        .column(report::Column::SubjectId)
        .filter(report::Column::ResolvedAt.is_null())
        .filter(scope)
        .group_by(report::Column::SubjectType)
        .group_by(report::Column::SubjectId);
    let count = grouped.clone().count(&ctx.db).await?;
    let open: Vec<Open> = grouped
        .column_as(Expr::col(report::Column::Id).count(), "reports")
        .column_as(Expr::col(report::Column::CreatedAt).min(), "first_at")
        .column_as(Expr::col(report::Column::CreatedAt).max(), "last_at")
        .order_by(Expr::col(report::Column::Id).count(), Order::Desc)
        .order_by(Expr::col(report::Column::CreatedAt).min(), Order::Asc)
        .limit(per_page)
        .offset((page - 1) * per_page)
        .into_model::<Open>()
        .all(&ctx.db)
        .await?;
    let reports = of_items(ctx, &open).await?;
    let mut subjects: HashMap<(ReportSubject, i64), Subject> = HashMap::new();
    let mut wanted: HashMap<ReportSubject, Vec<i64>> = HashMap::new();
    for item in &open {
        wanted
            .entry(item.subject_type)
            .or_default()
            .push(item.subject_id);
    }
    for (kind, ids) in wanted {
        for (id, subject) in reportables.get(kind)?.describe(&ids).await? {
            subjects.insert((kind, id), subject);
        }
    }
    let authors: Vec<i64> = subjects.values().filter_map(|s| s.author_id).collect();
    let people = ctx.users.summaries(&authors).await?;
    let mut items = Vec::with_capacity(open.len());
    for item in open {
        let key = (item.subject_type, item.subject_id);
        let subject = subjects.remove(&key);
        let own = reports.get(&key).map(Vec::as_slice).unwrap_or_default();
        let group_id = own.first().and_then(|r| r.group_id);
        let author_id = subject.as_ref().and_then(|s| s.author_id);
        let reviewer = policy::Reviewer {
            is_staff: viewer.staff_role.is_some(),
            curates: group_id.is_some_and(|g| curated.contains(&g)),
            is_author: author_id == Some(viewer.id),
        };
        let removable = reportables.get(item.subject_type)?.removable();
        let actions = if subject.is_some() {
            policy::actions(reviewer, removable)
        } else {
            policy::actions(reviewer, false)
                .into_iter()
                .filter(|a| *a == ModerationAction::Dismiss)
                .collect()
        };
        items.push(Queued {
            kind: item.subject_type,
            id: item.subject_id,
            author: author_id.and_then(|id| people.get(&id).cloned()),
            subject,
            group_id,
            reports: item.reports,
            reasons: reasons(own),
            details: own.iter().rev().filter_map(|r| r.details.clone()).collect(),
            first_reported_at: item.first_at,
            last_reported_at: item.last_at,
            actions,
        });
    }
    Ok(kernel::pagination::page_of(items, page, per_page, count))
}

/// The open reports of the items on the page, in one statement.
async fn of_items(
    ctx: &AppContext,
    open: &[Open],
) -> AppResult<HashMap<(ReportSubject, i64), Vec<report::Model>>> {
    if open.is_empty() {
        return Ok(HashMap::new());
    }
    let mut items = Condition::any();
    for item in open {
        items = items.add(
            Condition::all()
                .add(report::Column::SubjectType.eq(item.subject_type))
                .add(report::Column::SubjectId.eq(item.subject_id)),
        );
    }
    let mut by_item: HashMap<(ReportSubject, i64), Vec<report::Model>> = HashMap::new();
    for report in report::Entity::find()
        .filter(report::Column::ResolvedAt.is_null())
        .filter(items)
        .order_by_asc(report::Column::Id)
        .all(&ctx.db)
        .await?
    {
        by_item
            .entry((report.subject_type, report.subject_id))
            .or_default()
            .push(report);
    }
    Ok(by_item)
}

/// Each reason given and how often, most given first.
fn reasons(reports: &[report::Model]) -> Vec<(ReportReason, i64)> {
    let mut counts: Vec<(ReportReason, i64)> = Vec::new();
    for report in reports {
        match counts
            .iter_mut()
            .find(|(reason, _)| *reason == report.reason)
        {
            Some((_, n)) => *n += 1,
            None => counts.push((report.reason, 1)),
        }
    }
    counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    counts
}
