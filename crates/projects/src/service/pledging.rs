//! Pledging (PrecisionFunding, all or nothing): a member saves a card with the processor
//! and pledges an amount to a live project; nothing is charged now. Backers change or
//! cancel their pledge until the pledges reach the goal, which locks them. Every change is
//! one transaction that moves the project's total (a conditional update on its row, so
//! concurrent pledges serialise on it and the goal is crossed exactly once) and writes the
//! ledger entry that records it.

use kernel::money::cad;
use kernel::payments::ProcessorKind;
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::ledger::Entry;
use super::{browse, protocols, transition};
use crate::entity::{customer, pledge, project};
use crate::enums::{FundingState, LedgerKind, PledgeStatus, ProjectStatus};
use crate::events::{PledgeMade, ProjectGoalReached, ProjectReachedMilestone};
use crate::policy;

pub const NOT_OPEN: &str = "This project is not taking pledges.";
pub const OWN_PROJECT: &str = "You cannot pledge to your own project.";
pub const ADULTS_ONLY: &str = "You must be 18 or older to pledge.";
pub const NO_CARD: &str = "Add a card to pledge with.";
pub const ALREADY_BACKING: &str =
    "You already back this project: change or cancel your pledge instead.";
pub const LOCKED: &str = "This pledge can no longer change: the project has reached its goal.";

/// A pledge's message: optional, at most 500 characters.
pub type Message = kernel::input::Text<500, kernel::input::Long>;

/// What the pledge form sends.
#[derive(Debug, Clone)]
pub struct NewPledge {
    /// The card setup the browser confirmed with the processor.
    pub setup_id: String,
    pub amount_cents: i64,
    pub message: Option<Message>,
    pub anonymous: bool,
    /// The member declared they are 18 or older (the terms require it).
    pub adult: bool,
}

/// The amount is whole cents within the configured bounds.
fn checked_amount(ctx: &AppContext, cents: i64) -> AppResult<i64> {
    let (min, max) = (ctx.config.pledge_min_cents, ctx.config.pledge_max_cents);
    if (min..=max).contains(&cents) {
        Ok(cents)
    } else {
        Err(AppError::field(
            "amount_cents",
            format!("Pledge from {} to {}.", cad(min), cad(max)),
        ))
    }
}

fn already_backing() -> AppError {
    AppError::bad_request("already_backing", ALREADY_BACKING)
}

fn locked() -> AppError {
    AppError::bad_request("locked", LOCKED)
}

/// Member `backer`'s standing pledge to project `id`, if any.
async fn standing_of(
    db: &impl ConnectionTrait,
    id: i64,
    backer: i64,
) -> AppResult<Option<pledge::Model>> {
    Ok(pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::BackerId.eq(backer))
        .filter(pledge::Column::Status.eq(PledgeStatus::Pledged))
        .one(db)
        .await?)
}

/// The live project at `slug` when `user` may pledge to it.
async fn pledgeable(ctx: &AppContext, user: &CurrentUser, slug: &str) -> AppResult<project::Model> {
    let found = browse::public(&ctx.db, slug).await?;
    if found.owner_id == user.id {
        return Err(AppError::client(
            actix_web::http::StatusCode::FORBIDDEN,
            "own_project",
            OWN_PROJECT,
        ));
    }
    if !policy::may_pledge(found.status, found.funding_state, false) {
        return Err(AppError::bad_request("not_open", NOT_OPEN));
    }
    // Registrations are never undone, so what is read here still holds at the pledge.
    if !protocols::ready_for_pledges(ctx, found.id).await? {
        return Err(AppError::bad_request(
            "protocol_required",
            protocols::AWAITS_PROTOCOL,
        ));
    }
    Ok(found)
}

/// The member's customer at the configured processor, made on first use.
pub async fn customer_of(ctx: &AppContext, user: &CurrentUser) -> AppResult<String> {
    let processor = ctx.payments.kind().as_str();
    let existing = || {
        customer::Entity::find()
            .filter(customer::Column::UserId.eq(user.id))
            .filter(customer::Column::Processor.eq(processor))
            .one(&ctx.db)
    };
    if let Some(found) = existing().await? {
        return Ok(found.customer_id);
    }
    let made = ctx
        .payments
        .create_customer(&format!("member-{}", user.id))
        .await
        .map_err(processor_error)?;
    let row = customer::ActiveModel {
        user_id: Set(user.id),
        processor: Set(processor.to_owned()),
        customer_id: Set(made),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    };
    // Two first pledges at once: the unique index keeps one customer; both use it.
    let _ = customer::Entity::insert(row)
        .on_conflict_do_nothing_on([customer::Column::UserId, customer::Column::Processor])
        .exec(&ctx.db)
        .await?;
    existing()
        .await?
        .map(|c| c.customer_id)
        .ok_or_else(|| AppError::bad_request("payments_unavailable", NO_CARD))
}

pub fn processor_error(err: kernel::payments::PaymentError) -> AppError {
    tracing::warn!(error = %err, "the payment processor failed");
    AppError::client(
        actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
        "payments_unavailable",
        "Payments are unavailable right now. Please try again in a few minutes.",
    )
}

/// Starts saving a card for a pledge to the project at `slug`.
pub async fn start_card(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
) -> AppResult<(ProcessorKind, kernel::payments::Setup)> {
    pledgeable(ctx, user, slug).await?;
    let customer = customer_of(ctx, user).await?;
    let setup = ctx
        .payments
        .start_setup(&customer)
        .await
        .map_err(processor_error)?;
    Ok((ctx.payments.kind(), setup))
}

/// Moves project `id`'s total by `delta` cents and its backers by `backers`, only while it
/// takes pledges: false when it no longer does. The update locks the project's row until
/// the transaction ends, so concurrent pledges queue on it.
async fn move_total(
    tx: &DatabaseTransaction,
    id: i64,
    delta: i64,
    backers: i32,
) -> AppResult<bool> {
    let moved = project::Entity::update_many()
        .col_expr(
            project::Column::RaisedCents,
            Expr::col(project::Column::RaisedCents).add(delta),
        )
        .col_expr(
            project::Column::Backers,
            Expr::col(project::Column::Backers).add(backers),
        )
        .filter(project::Column::Id.eq(id))
        .filter(project::Column::Status.eq(ProjectStatus::Live))
        .filter(project::Column::FundingState.eq(FundingState::Open))
        .exec(tx)
        .await?;
    Ok(moved.rows_affected == 1)
}

/// What moving a project's total set off, each once whatever the concurrency.
#[derive(Debug, Default)]
struct Crossed {
    /// The pledges reached the goal: they are locked now.
    goal: bool,
    /// The highest milestone the total newly reached: its number (from 1) and title.
    milestone: Option<(usize, String)>,
}

/// After project `id`'s total moved, in the same transaction: locks the pledges when the
/// total has reached the goal, and notes a milestone newly reached.
async fn crossed(tx: &DatabaseTransaction, id: i64) -> AppResult<Crossed> {
    let found = project::Entity::find_by_id(id)
        .one(tx)
        .await?
        .ok_or_else(AppError::not_found)?;
    Ok(Crossed {
        goal: lock_at_goal(tx, &found).await?,
        milestone: reach_milestone(tx, &found).await?,
    })
}

/// Locks the pledges when the total has reached the goal; true when this call did.
async fn lock_at_goal(tx: &DatabaseTransaction, found: &project::Model) -> AppResult<bool> {
    let Some(goal) = found.funding_goal_cents else {
        return Ok(false);
    };
    if found.raised_cents < goal {
        return Ok(false);
    }
    let (id, now) = (found.id, kernel::clock::now());
    project::Entity::update_many()
        .col_expr(
            project::Column::FundingState,
            Expr::value(FundingState::GoalReached),
        )
        .col_expr(project::Column::GoalReachedAt, Expr::value(now))
        .filter(project::Column::Id.eq(id))
        .exec(tx)
        .await?;
    Entry {
        project_id: id,
        pledge_id: None,
        kind: LedgerKind::GoalReached,
        amount_cents: 0,
        provider_ref: None,
        idempotency_key: None,
    }
    .write(tx)
    .await?;
    Ok(true)
}

/// Notes the milestones the total reached beyond those reached before; the highest of them.
async fn reach_milestone(
    tx: &DatabaseTransaction,
    found: &project::Model,
) -> AppResult<Option<(usize, String)>> {
    let reached = found.milestones.reached_by(found.raised_cents);
    let before = usize::try_from(found.milestones_reached).unwrap_or_default();
    if reached <= before {
        return Ok(None);
    }
    let count = i32::try_from(reached).unwrap_or(i32::MAX);
    let noted = project::Entity::update_many()
        .col_expr(project::Column::MilestonesReached, Expr::value(count))
        .filter(project::Column::Id.eq(found.id))
        .filter(project::Column::MilestonesReached.lt(count))
        .exec(tx)
        .await?;
    Ok((noted.rows_affected == 1)
        .then(|| found.milestones.0.get(reached - 1))
        .flatten()
        .map(|m| (reached, m.title.clone())))
}

/// Announces what a move of project `id`'s total set off.
async fn announce(ctx: &AppContext, id: i64, crossed: Crossed) -> AppResult<()> {
    if let Some((number, title)) = crossed.milestone {
        let found = project::Entity::find_by_id(id)
            .one(&ctx.db)
            .await?
            .ok_or_else(AppError::not_found)?;
        ctx.events
            .publish(ProjectReachedMilestone {
                project: browse::ProjectRef::of(&found),
                number,
                title,
                raised_cents: found.raised_cents,
            })
            .await;
    }
    if crossed.goal {
        announce_goal(ctx, id).await?;
    }
    Ok(())
}

/// Tells the platform project `id` reached its goal (its owner and backers hear of it).
async fn announce_goal(ctx: &AppContext, id: i64) -> AppResult<()> {
    let found = project::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let backers: Vec<i64> = pledge::Entity::find()
        .select_only()
        .column(pledge::Column::BackerId)
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.eq(PledgeStatus::Pledged))
        .into_tuple()
        .all(&ctx.db)
        .await?;
    ctx.events
        .publish(ProjectGoalReached {
            project: browse::ProjectRef::of(&found),
            backers,
            raised_cents: found.raised_cents,
            summary: found.lay_summary.clone(),
        })
        .await;
    Ok(())
}

/// Pledges to the project at `slug` with the card the setup saved; nothing is charged.
pub async fn pledge(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    new: NewPledge,
) -> AppResult<pledge::Model> {
    if !new.adult {
        return Err(AppError::field("adult", ADULTS_ONLY));
    }
    let amount = checked_amount(ctx, new.amount_cents)?;
    let found = pledgeable(ctx, user, slug).await?;
    let customer = customer_of(ctx, user).await?;
    let card = ctx
        .payments
        .saved_method(&new.setup_id)
        .await
        .map_err(|_| AppError::field("setup_id", NO_CARD))?
        .filter(|m| m.customer_id == customer)
        .ok_or_else(|| AppError::field("setup_id", NO_CARD))?;
    let now = kernel::clock::now();
    let tx = kernel::db::begin_write(&ctx.db).await?;
    if !move_total(&tx, found.id, amount, 1).await? {
        return Err(AppError::bad_request("not_open", NOT_OPEN));
    }
    // Decided with the project's row held: a pledge sent beside this one waits for it, then
    // finds this one standing (and the unique index refuses any that would get past).
    if standing_of(&tx, found.id, user.id).await?.is_some() {
        return Err(already_backing());
    }
    let made = pledge::ActiveModel {
        project_id: Set(found.id),
        backer_id: Set(user.id),
        amount_cents: Set(amount),
        status: Set(PledgeStatus::Pledged),
        customer_id: Set(Some(customer)),
        method_id: Set(Some(card.id)),
        card_brand: Set(Some(card.brand)),
        card_last4: Set(Some(card.last4)),
        message: Set(new.message.map(|m| m.into_string())),
        anonymous: Set(new.anonymous),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&tx)
    .await
    .map_err(|err| {
        if kernel::db::is_unique_violation(&err) {
            already_backing()
        } else {
            err.into()
        }
    })?;
    Entry::pledge(found.id, made.id, LedgerKind::Pledged, amount)
        .write(&tx)
        .await?;
    let crossed = crossed(&tx, found.id).await?;
    tx.commit().await?;
    ctx.events
        .publish(PledgeMade {
            project: browse::ProjectRef::of(&found),
            backer_id: user.id,
            amount_cents: amount,
            card: format!(
                "{} ending {}",
                made.card_brand.as_deref().unwrap_or("card"),
                made.card_last4.as_deref().unwrap_or("----")
            ),
        })
        .await;
    announce(ctx, found.id, crossed).await?;
    Ok(made)
}

/// Lets every pledge of project `id` not yet charged go (its campaign ended without
/// reaching the goal, a Content Expert did not approve, or its owner refunded), with a
/// ledger entry each, in the caller's transaction; the funding state becomes `to`. The
/// members whose pledges were let go.
pub async fn release_all(
    tx: &DatabaseTransaction,
    id: i64,
    to: FundingState,
) -> AppResult<Vec<i64>> {
    let uncharged = [PledgeStatus::Pledged, PledgeStatus::Failed];
    let standing = pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.is_in(uncharged))
        .all(tx)
        .await?;
    let now = kernel::clock::now();
    for found in &standing {
        Entry::pledge(id, found.id, LedgerKind::Released, -found.amount_cents)
            .write(tx)
            .await?;
    }
    pledge::Entity::update_many()
        .col_expr(pledge::Column::Status, Expr::value(PledgeStatus::Released))
        .col_expr(pledge::Column::UpdatedAt, Expr::value(now))
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.is_in(uncharged))
        .exec(tx)
        .await?;
    let released: i64 = standing.iter().map(|p| p.amount_cents).sum();
    let count = i32::try_from(standing.len()).unwrap_or(i32::MAX);
    project::Entity::update_many()
        .col_expr(
            project::Column::RaisedCents,
            Expr::col(project::Column::RaisedCents).sub(released),
        )
        .col_expr(
            project::Column::Backers,
            Expr::col(project::Column::Backers).sub(count),
        )
        .col_expr(project::Column::FundingState, Expr::value(to))
        .filter(project::Column::Id.eq(id))
        .exec(tx)
        .await?;
    Ok(standing.into_iter().map(|p| p.backer_id).collect())
}

/// Takes one pledge out of project `id`'s total and backers, with its ledger entry, in the
/// caller's transaction (a charge that lapsed, a charged pledge refunded).
pub async fn let_go(tx: &DatabaseTransaction, id: i64, gone: &pledge::Model) -> AppResult<()> {
    project::Entity::update_many()
        .col_expr(
            project::Column::RaisedCents,
            Expr::col(project::Column::RaisedCents).sub(gone.amount_cents),
        )
        .col_expr(
            project::Column::Backers,
            Expr::col(project::Column::Backers).sub(1),
        )
        .filter(project::Column::Id.eq(id))
        .exec(tx)
        .await?;
    Entry::pledge(id, gone.id, LedgerKind::Released, -gone.amount_cents)
        .write(tx)
        .await?;
    Ok(())
}

/// The caller's standing pledge `id` and its project.
async fn own_standing(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    id: i64,
) -> AppResult<pledge::Model> {
    pledge::Entity::find_by_id(id)
        .filter(pledge::Column::BackerId.eq(user.id))
        .filter(pledge::Column::Status.eq(PledgeStatus::Pledged))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Begins a change to the caller's standing pledge `id`: the transaction that holds its
/// project's row while the project takes pledges (every change to its pledges queues there),
/// and the pledge as the change before this one left it. Nothing read before the row is held
/// decides anything.
async fn hold_own(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
) -> AppResult<(DatabaseTransaction, pledge::Model)> {
    let project_id = own_standing(&ctx.db, user, id).await?.project_id;
    let tx = kernel::db::begin_write(&ctx.db).await?;
    if !move_total(&tx, project_id, 0, 0).await? {
        return Err(locked());
    }
    let found = own_standing(&tx, user, id).await?;
    Ok((tx, found))
}

/// Changes the amount of the caller's pledge `id` while the goal is not reached.
pub async fn change(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    amount_cents: i64,
) -> AppResult<pledge::Model> {
    let amount = checked_amount(ctx, amount_cents)?;
    let (tx, found) = hold_own(ctx, user, id).await?;
    let delta = amount - found.amount_cents;
    let saved = transition::pledge(&tx, &found, PledgeStatus::Pledged, amount).await?;
    move_total(&tx, found.project_id, delta, 0).await?;
    Entry::pledge(found.project_id, saved.id, LedgerKind::Changed, delta)
        .write(&tx)
        .await?;
    let crossed = crossed(&tx, found.project_id).await?;
    tx.commit().await?;
    announce(ctx, found.project_id, crossed).await?;
    Ok(saved)
}

/// Cancels the caller's pledge `id` while the goal is not reached; nothing was charged.
pub async fn cancel(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<pledge::Model> {
    let (tx, found) = hold_own(ctx, user, id).await?;
    let amount = found.amount_cents;
    let saved = transition::pledge(&tx, &found, PledgeStatus::Cancelled, amount).await?;
    move_total(&tx, found.project_id, -amount, -1).await?;
    Entry::pledge(found.project_id, saved.id, LedgerKind::Released, -amount)
        .write(&tx)
        .await?;
    tx.commit().await?;
    Ok(saved)
}

/// The caller's pledges, newest first, each with its project.
pub async fn mine(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
) -> AppResult<Vec<(pledge::Model, project::Model)>> {
    Ok(pledge::Entity::find()
        .find_also_related(project::Entity)
        .filter(pledge::Column::BackerId.eq(user.id))
        .order_by_desc(pledge::Column::CreatedAt)
        .order_by_desc(pledge::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(p, project)| project.map(|project| (p, project)))
        .collect())
}

/// The pledged total of project `id`'s ledger: what its raised amount must always equal.
pub async fn ledger_sum(db: &impl ConnectionTrait, id: i64) -> AppResult<i64> {
    Ok(super::ledger::totals(db, id).await?.pledged_cents)
}

/// The members whose pledges to project `id` are in one of `statuses`.
pub(crate) async fn backers_with(
    db: &impl ConnectionTrait,
    id: i64,
    statuses: &[PledgeStatus],
) -> AppResult<Vec<i64>> {
    Ok(pledge::Entity::find()
        .select_only()
        .column(pledge::Column::BackerId)
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.is_in(statuses.iter().copied()))
        .into_tuple()
        .all(db)
        .await?)
}

/// Who backs project `id`: the members whose pledges stand or were charged.
pub async fn backers(db: &impl ConnectionTrait, id: i64) -> AppResult<Vec<i64>> {
    backers_with(
        db,
        id,
        &[
            PledgeStatus::Pledged,
            PledgeStatus::Charging,
            PledgeStatus::Charged,
        ],
    )
    .await
}
