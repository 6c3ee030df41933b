//! The milestone's two sides: the owner reports it done with evidence (text, links and the
//! files attached to it), and a Content Expert verifies it — its tranche is then paid out —
//! or sends it back with a reason; a second return ends the project. Each is one of
//! `guard`'s conditional writes, so two decisions at once make one; the Content Expert's is
//! audited.

use kernel::{AppContext, AppResult, CurrentUser, Staff};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, UpdateMany};
use serde_json::json;

use super::guard::{NOT_OPEN, NOT_REPORTED, before_missed, changed, moving, open_for_report, ran};
use super::{abandon, evidence, one, pay};
use crate::entity::milestone::{self, Links};
use crate::entity::project;
use crate::enums::{FundingState, MilestoneState};
use crate::events::MilestoneMoved;
use crate::policy;
use crate::service::{browse, final_approval, refunds};

/// The most links one report gives.
pub const MAX_LINKS: usize = 10;

/// What the owner reports: the evidence (sanitised rich text) and links to what shows it.
#[derive(Debug, Clone)]
pub struct Report {
    pub evidence: String,
    pub links: Vec<String>,
}

/// The owner reports milestone `position` of their project `id` done.
pub async fn report(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    position: i32,
    report: Report,
) -> AppResult<milestone::Model> {
    let (found, due) = open_for_report(ctx, user, id, position).await?;
    let now = kernel::clock::now();
    let write = moving(&due, MilestoneState::Reported)
        .col_expr(milestone::Column::Evidence, Expr::value(report.evidence))
        .col_expr(milestone::Column::Links, Expr::value(Links(report.links)))
        .col_expr(milestone::Column::ReportedAt, Expr::value(now));
    // The report takes the files waiting on the milestone, in the same transaction: an
    // upload at the same moment waits for it and is then refused, or lands first and is
    // taken.
    let tx = kernel::db::begin_write(&ctx.db).await?;
    if !ran(&tx, before_missed(ctx, write)).await? {
        return Err(changed(NOT_OPEN));
    }
    evidence::take_waiting(&tx, due.id, now).await?;
    tx.commit().await?;
    let reported = one(&ctx.db, id, position).await?;
    tell(ctx, &found, &reported, 0).await?;
    Ok(reported)
}

/// Milestone `position` of project `id` as it waits for a Content Expert.
async fn reported(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    position: i32,
) -> AppResult<(project::Model, milestone::Model)> {
    final_approval::content_expert(staff)?;
    let found = final_approval::find(ctx, id).await?;
    let waiting = one(&ctx.db, id, position).await?;
    if !policy::awaits_verification(found.funding_state, waiting.state) {
        return Err(changed(NOT_REPORTED));
    }
    Ok((found, waiting))
}

/// A Content Expert verifies reported milestone `position` of project `id`: its tranche is
/// paid out (now, or by the sweep when the processor is away).
pub async fn verify(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    position: i32,
) -> AppResult<milestone::Model> {
    let (found, waiting) = reported(ctx, staff, id, position).await?;
    let decision = audit::Decision::by(&ctx.db, staff, "project.milestone.verify", "project", id)
        .await?
        .about(Some(found.owner_id));
    let write = decided(moving(&waiting, MilestoneState::Verified), staff, None);
    if !ran(decision.db(), write).await? {
        return Err(changed(NOT_REPORTED));
    }
    decision
        .commit(
            json!({"milestone": position, "state": MilestoneState::Reported}),
            json!({"milestone": position, "state": MilestoneState::Verified}),
        )
        .await?;
    let verified = one(&ctx.db, id, position).await?;
    if let Err(err) = pay::tranche(ctx, &verified).await {
        tracing::warn!(error = %err, project = id, "the tranche was not paid; the sweep pays it");
    }
    one(&ctx.db, id, position).await
}

/// A Content Expert sends reported milestone `position` of project `id` back with `reason`:
/// the owner reports it again, unless it was sent back before — then it is rejected and the
/// project ends, the rest of its escrow refunded.
pub async fn send_back(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    position: i32,
    reason: String,
) -> AppResult<milestone::Model> {
    let (found, waiting) = reported(ctx, staff, id, position).await?;
    let last = waiting.returns >= 1;
    let (to, action) = if last {
        (MilestoneState::Rejected, "project.milestone.reject")
    } else {
        (MilestoneState::Returned, "project.milestone.return")
    };
    let decision = audit::Decision::by(&ctx.db, staff, action, "project", id)
        .await?
        .because(Some(reason.clone()))
        .about(Some(found.owner_id));
    let write = decided(moving(&waiting, to), staff, Some(&reason))
        .col_expr(milestone::Column::Returns, Expr::value(waiting.returns + 1));
    if !ran(decision.db(), write).await? {
        return Err(changed(NOT_REPORTED));
    }
    if last && !abandon::end(decision.db(), id).await? {
        return Err(changed(NOT_REPORTED));
    }
    decision
        .commit(
            json!({"milestone": position, "state": MilestoneState::Reported}),
            json!({"milestone": position, "state": to}),
        )
        .await?;
    let sent_back = one(&ctx.db, id, position).await?;
    if last {
        abandon::ended(ctx, &sent_back, to, reason).await?;
    } else {
        tell(ctx, &found, &sent_back, 0).await?;
    }
    Ok(sent_back)
}

/// The decision's who, when and why.
fn decided(
    write: UpdateMany<milestone::Entity>,
    staff: &Staff,
    reason: Option<&str>,
) -> UpdateMany<milestone::Entity> {
    write
        .col_expr(
            milestone::Column::DecidedAt,
            Expr::value(kernel::clock::now()),
        )
        .col_expr(milestone::Column::DecidedBy, Expr::value(staff.id()))
        .col_expr(
            milestone::Column::Reason,
            Expr::value(reason.map(str::to_owned)),
        )
}

/// The owner and the backers hear that `moved` moved.
async fn tell(
    ctx: &AppContext,
    found: &project::Model,
    moved: &milestone::Model,
    cents: i64,
) -> AppResult<()> {
    ctx.events
        .publish(MilestoneMoved {
            project: browse::ProjectRef::of(found),
            backers: refunds::charged_backers(&ctx.db, found.id).await?,
            position: moved.position,
            title: moved.title.clone(),
            state: moved.state,
            cents,
            reason: moved.reason.clone(),
        })
        .await;
    Ok(())
}

/// Reported milestones of projects in escrow, the longest waiting first, with their projects.
pub async fn waiting(
    db: &impl ConnectionTrait,
    params: &kernel::PageParams,
) -> AppResult<(
    kernel::Page<milestone::Model>,
    std::collections::HashMap<i64, project::Model>,
)> {
    use sea_orm::QueryOrder;
    let in_escrow = Query::select()
        .column(project::Column::Id)
        .from(project::Entity)
        .and_where(project::Column::FundingState.eq(FundingState::InEscrow))
        .to_owned();
    let select = milestone::Entity::find()
        .filter(milestone::Column::State.eq(MilestoneState::Reported))
        .filter(milestone::Column::ProjectId.in_subquery(in_escrow))
        .order_by_asc(milestone::Column::ReportedAt)
        .order_by_asc(milestone::Column::Id);
    let page = kernel::pagination::paginate(db, select, params, 20).await?;
    let ids: Vec<i64> = page.data.iter().map(|m| m.project_id).collect();
    let projects = project::Entity::find()
        .filter(project::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    Ok((page, projects))
}
