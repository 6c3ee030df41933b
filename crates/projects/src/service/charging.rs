//! Charging (PrecisionFunding), exactly once. After a Content Expert approves, each standing
//! pledge is charged off-session with an idempotency key derived from the pledge and its
//! attempt (`pledge-{id}-charge-{attempt}`): a run cut short — a crash, a kill, a restart —
//! is resumed by the sweep with the same keys, so the processor answers with the charge it
//! already made instead of charging again; the pledge's conditional update and the ledger's
//! unique key record each charge once. A declined card marks the pledge failed and gives its
//! donor a grace period to give a new card (then it is charged with the next attempt's key);
//! when the grace period ends the pledge lapses. Once no pledge is left to charge, the
//! platform's fee is kept and the rest is paid out to the owner's verified account.

use chrono::{DateTime, Utc};
use kernel::payments::{ChargeOutcome, ChargeRequest, PayoutRequest};
use kernel::{AppContext, AppError, AppResult};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect};

use super::ledger::{self, CURRENCY, Entry};
use super::{browse, escrow, payout_accounts, pledging, refunds, transition};
use crate::entity::{ledger as ledger_entry, pledge, project};
use crate::enums::{FundingState, LedgerKind, PledgeStatus};
use crate::events::{
    PledgeChargeFailed, PledgeLapsed, ProjectFunded, ProjectRefunded, ProjectReleased, ReleaseCause,
};
use kernel::payments::AUTHENTICATION_REQUIRED;

/// The key that charges pledge `id`'s attempt once, whatever happens around it.
pub fn charge_key(pledge_id: i64, attempt: i32) -> String {
    format!("pledge-{pledge_id}-charge-{attempt}")
}

/// The key that pays project `id`'s funds out once.
pub fn payout_key(project_id: i64) -> String {
    format!("project-{project_id}-payout")
}

/// Starts charging project `id` now, in the background (the sweep resumes it too).
pub fn start(ctx: AppContext, id: i64) {
    tokio::spawn(async move {
        if let Err(err) = run(&ctx, id, kernel::clock::now()).await {
            tracing::warn!(error = %err, project = id, "charging stopped; the sweep resumes it");
        }
    });
}

/// Charges what is left to charge of project `id`, then settles it if nothing is.
pub async fn run(ctx: &AppContext, id: i64, now: DateTime<Utc>) -> AppResult<()> {
    let Some(found) = project::Entity::find_by_id(id).one(&ctx.db).await? else {
        return Ok(());
    };
    // A claim a run cut short left is finished whatever the project's state now (a refund
    // decided meanwhile refunds what it charged); new claims only while the project charges.
    let charging = found.funding_state == FundingState::Charging;
    let mut due = vec![PledgeStatus::Charging];
    if charging {
        due.push(PledgeStatus::Pledged);
    }
    let due = pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.is_in(due))
        .all(&ctx.db)
        .await?;
    for each in due {
        charge_one(ctx, &found, each, now).await?;
    }
    if charging {
        lapse_expired(ctx, id, now).await?;
        settle(ctx, id).await?;
    }
    finish(ctx, id).await
}

/// Whichever run decided project `id`'s outcome, every run returns with its money where
/// the outcome says: paid out once funded, back with the donors once released or refunded
/// (a run that lost the decision to another finishes its refunds beside it rather than
/// return while the money is still collected).
async fn finish(ctx: &AppContext, id: i64) -> AppResult<()> {
    let Some(found) = project::Entity::find_by_id(id).one(&ctx.db).await? else {
        return Ok(());
    };
    match found.funding_state {
        FundingState::Funded if escrow::open::holds(&found) => {
            escrow::open::open(ctx, &found).await
        }
        FundingState::Funded => pay_out(ctx, &found).await,
        FundingState::Released | FundingState::Refunded => refunds::refund_charged(ctx, id).await,
        _ => Ok(()),
    }
}

/// Charges one pledge and records what came of it, once: the pledge is claimed (`charging`)
/// while its project is still charging before the processor is asked, so a refund decided
/// first leaves it uncharged, and one decided after finds the claim and leaves it to this
/// run (or, after a crash, to the sweep, which asks again with the same key).
async fn charge_one(
    ctx: &AppContext,
    found: &project::Model,
    due: pledge::Model,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let (Some(customer), Some(method)) = (due.customer_id.as_deref(), due.method_id.as_deref())
    else {
        return Ok(());
    };
    let claimed = match due.status {
        PledgeStatus::Pledged => match claim(ctx, &due).await? {
            Some(claimed) => claimed,
            None => return Ok(()),
        },
        PledgeStatus::Charging => due.clone(),
        _ => return Ok(()),
    };
    // Claimed by `authenticated` for the charge its donor's bank collected, and cut short
    // before it was recorded: that charge is recorded (the attempt's key recorded its failure).
    if let Some(charge_id) = awaiting_authentication(&ctx.db, &claimed).await? {
        let outcome = ChargeOutcome::Succeeded { charge_id };
        let key = authenticated_key(&claimed);
        return record(ctx, found, &claimed, outcome, key, now).await;
    }
    let key = charge_key(due.id, due.charge_attempt);
    let description = format!("Pledge to {}", found.title);
    let outcome = ctx
        .payments
        .charge(&ChargeRequest {
            customer_id: customer,
            method_id: method,
            amount_cents: due.amount_cents,
            currency: CURRENCY,
            idempotency_key: &key,
            description: &description,
        })
        .await
        .map_err(super::pledging::processor_error)?;
    record(ctx, found, &claimed, outcome, key, now).await
}

/// Claims pledge `due` for a charge while its project is still charging: the pledge as
/// claimed (by this run, or by another one still asking the processor, whose key this run
/// sends again, so each run finishes what it saw), or none when the project's money stopped
/// moving or the pledge moved on.
async fn claim(ctx: &AppContext, due: &pledge::Model) -> AppResult<Option<pledge::Model>> {
    let still_charging = sea_orm::sea_query::Query::select()
        .column(project::Column::Id)
        .from(project::Entity)
        .and_where(project::Column::Id.eq(due.project_id))
        .and_where(project::Column::FundingState.eq(FundingState::Charging))
        .to_owned();
    let write = transition::moving(due, PledgeStatus::Charging)?
        .filter(pledge::Column::ProjectId.in_subquery(still_charging));
    if transition::run(&ctx.db, write).await? {
        return Ok(Some(pledge::Model {
            status: PledgeStatus::Charging,
            ..due.clone()
        }));
    }
    Ok(pledge::Entity::find_by_id(due.id)
        .filter(pledge::Column::Status.eq(PledgeStatus::Charging))
        .filter(pledge::Column::ChargeAttempt.eq(due.charge_attempt))
        .one(&ctx.db)
        .await?)
}

/// Records the processor's answer to claimed pledge `claimed`, once, with its ledger entry.
/// When the owner refunded meanwhile, a failed charge is let go and a succeeded one is
/// refunded at once: a charge the processor made is never dropped.
async fn record(
    ctx: &AppContext,
    found: &project::Model,
    claimed: &pledge::Model,
    outcome: ChargeOutcome,
    key: String,
    now: DateTime<Utc>,
) -> AppResult<()> {
    // The grace period starts with the pledge's first failure; a new card that fails again is
    // tried within it, never given a new one (or a donor could hold the payout up for ever).
    let grace_until = claimed
        .grace_until
        .unwrap_or(now + chrono::Duration::days(i64::from(ctx.config.charge_grace_days)));
    let (id, pledge_id) = (found.id, claimed.id);
    let (status, charge_id, failure, entry) = match outcome {
        ChargeOutcome::Succeeded { charge_id } => (
            PledgeStatus::Charged,
            Some(charge_id.clone()),
            None,
            Entry::pledge(id, pledge_id, LedgerKind::Charged, claimed.amount_cents)
                .moved(Some(charge_id), key),
        ),
        ChargeOutcome::Declined { code, charge_id } => (
            PledgeStatus::Failed,
            None,
            Some(code),
            Entry::pledge(id, pledge_id, LedgerKind::Failed, 0).moved(charge_id, key),
        ),
        ChargeOutcome::NeedsAuthentication { charge_id } => (
            PledgeStatus::Failed,
            None,
            Some(AUTHENTICATION_REQUIRED.to_owned()),
            Entry::pledge(id, pledge_id, LedgerKind::Failed, 0).moved(Some(charge_id), key),
        ),
    };
    let tx = kernel::db::begin_write(&ctx.db).await?;
    // The project's row first: a refund deciding beside this waits for it and then finds the
    // charge recorded, or this finds the project refunded.
    let voided = hold(&tx, id).await?.funding_state != FundingState::Charging;
    let write = transition::moving(claimed, status)?
        .col_expr(pledge::Column::ChargeId, Expr::value(charge_id))
        .col_expr(pledge::Column::FailureCode, Expr::value(failure.clone()))
        .col_expr(
            pledge::Column::GraceUntil,
            Expr::value(failure.as_ref().map(|_| grace_until)),
        );
    if !transition::run(&tx, write).await? {
        return Ok(()); // Another run recorded this attempt first.
    }
    entry.write(&tx).await?;
    if voided && failure.is_some() {
        let failed = pledge::Model {
            status,
            ..claimed.clone()
        };
        transition::run(&tx, transition::moving(&failed, PledgeStatus::Released)?).await?;
        pledging::let_go(&tx, id, &failed).await?;
    }
    tx.commit().await?;
    if voided {
        if failure.is_none() {
            // The refund's own event named the donors charged before it; this one was not.
            refunds::refund_charged(ctx, id).await?;
            ctx.events
                .publish(ProjectRefunded {
                    project: browse::ProjectRef::of(found),
                    backers: vec![claimed.backer_id],
                })
                .await;
        }
    } else if let Some(failure) = failure {
        ctx.events
            .publish(PledgeChargeFailed {
                project: browse::ProjectRef::of(found),
                backer_id: claimed.backer_id,
                pledge_id,
                amount_cents: claimed.amount_cents,
                grace_until,
                needs_authentication: failure == AUTHENTICATION_REQUIRED,
            })
            .await;
    }
    Ok(())
}

/// The key that records a charge its donor authenticated on-session (the attempt's own key
/// recorded its failure).
fn authenticated_key(failed: &pledge::Model) -> String {
    format!(
        "{}-authenticated",
        charge_key(failed.id, failed.charge_attempt)
    )
}

/// Records charge `charge_id` of failed pledge `failed`, which the processor says its donor's
/// bank has now authenticated and collected: the pledge is claimed again and the charge
/// recorded as any other (refunded at once when the project's money stopped moving); the
/// caller then runs the project's charging, which settles it. When the pledge was let go meanwhile (lapsed, or released by a
/// refund), the money collected for it goes straight back: never kept, never dropped.
pub async fn authenticated(
    ctx: &AppContext,
    failed: &pledge::Model,
    charge_id: String,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let key = authenticated_key(failed);
    let found = project::Entity::find_by_id(failed.project_id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let waits = failed.status == PledgeStatus::Failed;
    if waits
        && transition::run(&ctx.db, transition::moving(failed, PledgeStatus::Charging)?).await?
    {
        let claimed = pledge::Model {
            status: PledgeStatus::Charging,
            ..failed.clone()
        };
        let outcome = ChargeOutcome::Succeeded { charge_id };
        return record(ctx, &found, &claimed, outcome, key, now).await;
    }
    // Another request claimed it first (the page sent twice, the webhook beside it): that
    // request records the charge; only a pledge let go has its money sent back here.
    let now_is = pledge::Entity::find_by_id(failed.id)
        .one(&ctx.db)
        .await?
        .map(|p| p.status);
    if !matches!(now_is, Some(PledgeStatus::Released | PledgeStatus::Lapsed)) {
        return Ok(());
    }
    let recorded = ledger_entry::Entity::find()
        .filter(ledger_entry::Column::ProviderRef.eq(charge_id.as_str()))
        .filter(ledger_entry::Column::Kind.eq(LedgerKind::Charged))
        .one(&ctx.db)
        .await?;
    if recorded.is_some() {
        return Ok(()); // Recorded before the pledge was let go.
    }
    let (id, pledge_id, amount) = (found.id, failed.id, failed.amount_cents);
    let refund_key = format!("{key}-refund");
    let refund = ctx
        .payments
        .refund(&charge_id, None, &refund_key)
        .await
        .map_err(pledging::processor_error)?;
    let refunded = Entry::pledge(id, pledge_id, LedgerKind::Refunded, -amount)
        .moved(Some(refund.id), refund_key);
    Entry::pledge(id, pledge_id, LedgerKind::Charged, amount)
        .moved(Some(charge_id), key)
        .write_once_with(vec![refunded], &ctx.db)
        .await?;
    Ok(())
}

/// The charge of failed pledge `failed`'s attempt that waits for its donor's bank: its id
/// at the processor, as the attempt's ledger entry recorded it.
pub async fn awaiting_authentication(
    db: &impl sea_orm::ConnectionTrait,
    failed: &pledge::Model,
) -> AppResult<Option<String>> {
    if failed.failure_code.as_deref() != Some(AUTHENTICATION_REQUIRED) {
        return Ok(None);
    }
    Ok(ledger_entry::Entity::find()
        .filter(
            ledger_entry::Column::IdempotencyKey.eq(charge_key(failed.id, failed.charge_attempt)),
        )
        .one(db)
        .await?
        .and_then(|e| e.provider_ref))
}

/// Whether the processor collected charge `charge_id` (its card holder authenticated it).
pub async fn collected(ctx: &AppContext, charge_id: &str) -> AppResult<bool> {
    Ok(ctx
        .payments
        .charge_record(charge_id)
        .await
        .map_err(pledging::processor_error)?
        .is_some_and(|c| c.succeeded))
}

/// Holds project `id`'s row for the rest of `tx` (a write that changes nothing, so every
/// database queues the next writer behind it) and reads it as held.
async fn hold(tx: &DatabaseTransaction, id: i64) -> AppResult<project::Model> {
    project::Entity::update_many()
        .col_expr(
            project::Column::FundingState,
            Expr::col(project::Column::FundingState),
        )
        .filter(project::Column::Id.eq(id))
        .exec(tx)
        .await?;
    project::Entity::find_by_id(id)
        .one(tx)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Failed pledges whose grace period ended lapse: they leave the funding.
async fn lapse_expired(ctx: &AppContext, id: i64, now: DateTime<Utc>) -> AppResult<()> {
    let expired = pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.eq(PledgeStatus::Failed))
        .filter(pledge::Column::GraceUntil.lte(now))
        .all(&ctx.db)
        .await?;
    for each in expired {
        // A donor who confirmed with their bank but never came back is recorded, not lapsed.
        if let Some(charge_id) = awaiting_authentication(&ctx.db, &each).await?
            && collected(ctx, &charge_id).await?
        {
            authenticated(ctx, &each, charge_id, now).await?;
            continue;
        }
        let tx = kernel::db::begin_write(&ctx.db).await?;
        let lapsed = pledge::Entity::update_many()
            .col_expr(pledge::Column::Status, Expr::value(PledgeStatus::Lapsed))
            .col_expr(pledge::Column::UpdatedAt, Expr::value(now))
            .filter(pledge::Column::Id.eq(each.id))
            .filter(pledge::Column::Status.eq(PledgeStatus::Failed))
            .exec(&tx)
            .await?;
        if lapsed.rows_affected == 0 {
            continue;
        }
        pledging::let_go(&tx, id, &each).await?;
        tx.commit().await?;
        if let Some(found) = project::Entity::find_by_id(id).one(&ctx.db).await? {
            ctx.events
                .publish(PledgeLapsed {
                    project: browse::ProjectRef::of(&found),
                    backer_id: each.backer_id,
                    amount_cents: each.amount_cents,
                })
                .await;
        }
    }
    Ok(())
}

/// How many of project `id`'s pledges still wait for a charge or a new card.
async fn unsettled(ctx: &AppContext, id: i64) -> AppResult<u64> {
    use sea_orm::PaginatorTrait;
    Ok(pledge::Entity::find()
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.is_in([
            PledgeStatus::Pledged,
            PledgeStatus::Charging,
            PledgeStatus::Failed,
        ]))
        .count(&ctx.db)
        .await?)
}

/// Once every pledge is charged or lapsed, all or nothing: when what was collected meets the
/// goal, the project is funded and the platform's fee kept (each charged pledge's, as its
/// donor was shown it), in one transaction; when lapses
/// left it short, the goal is not met, so every charge is refunded and nothing paid out.
async fn settle(ctx: &AppContext, id: i64) -> AppResult<()> {
    if unsettled(ctx, id).await? > 0 {
        return Ok(());
    }
    // Nothing is charged any more once no pledge waits, so the total read before the
    // transaction stands; the transaction starts with its write (SQLite takes the write
    // lock first, rather than failing a read-then-write under concurrent runs).
    let collected = ledger::totals(&ctx.db, id).await?.collected_cents;
    let found = project::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let met = collected > 0 && collected >= found.funding_goal_cents.unwrap_or_default();
    let charged: Vec<i64> = pledge::Entity::find()
        .select_only()
        .column(pledge::Column::AmountCents)
        .filter(pledge::Column::ProjectId.eq(id))
        .filter(pledge::Column::Status.eq(PledgeStatus::Charged))
        .into_tuple()
        .all(&ctx.db)
        .await?;
    let tx = kernel::db::begin_write(&ctx.db).await?;
    let to = if met {
        FundingState::Funded
    } else {
        FundingState::Released
    };
    if !move_funding(&tx, id, FundingState::Charging, to).await? {
        return Ok(());
    }
    let backers = if met {
        Vec::new()
    } else {
        refunds::charged_backers(&tx, id).await?
    };
    if met {
        Entry {
            project_id: id,
            pledge_id: None,
            kind: LedgerKind::Fee,
            amount_cents: ledger::fee_on_pledges(&charged),
            provider_ref: None,
            idempotency_key: Some(format!("project-{id}-fee")),
        }
        .write(&tx)
        .await?;
    }
    tx.commit().await?;
    if !met {
        refunds::refund_charged(ctx, id).await?;
        ctx.events
            .publish(ProjectReleased {
                project: browse::ProjectRef::of(&found),
                backers,
                cause: ReleaseCause::FellShort,
            })
            .await;
    }
    Ok(())
}

/// Pays funded project `found`'s money, less the fee, out to its owner's account, once.
async fn pay_out(ctx: &AppContext, found: &project::Model) -> AppResult<()> {
    let id = found.id;
    let totals = ledger::totals(&ctx.db, id).await?;
    let amount = totals.collected_cents - totals.fees_cents - totals.paid_out_cents;
    let account = payout_accounts::status(ctx, found.owner_id).await?;
    let Some(account_id) = account.account_id.filter(|_| account.verified) else {
        return Err(AppError::bad_request(
            "no_payout_account",
            super::payout_accounts::NO_PAYOUT_ACCOUNT,
        ));
    };
    let key = payout_key(id);
    let payout = ctx
        .payments
        .pay_out(&PayoutRequest {
            account_id: &account_id,
            amount_cents: amount,
            currency: CURRENCY,
            idempotency_key: &key,
        })
        .await
        .map_err(super::pledging::processor_error)?;
    let entry = Entry {
        project_id: id,
        pledge_id: None,
        kind: LedgerKind::Payout,
        amount_cents: amount,
        provider_ref: Some(payout),
        idempotency_key: Some(key),
    };
    let tx = kernel::db::begin_write(&ctx.db).await?;
    if !move_funding(&tx, id, FundingState::Funded, FundingState::Disbursed).await? {
        tx.rollback().await?;
        // Another run recorded this payout, or the owner refunded while it was on its way:
        // then it is recorded all the same and taken back before the donors are refunded.
        if entry.write_once(&ctx.db).await? {
            refunds::take_back(ctx, id).await?;
        }
        return Ok(());
    }
    entry.write(&tx).await?;
    super::results::make_due(ctx, &tx, id, kernel::clock::now()).await?;
    tx.commit().await?;
    let backers = refunds::charged_backers(&ctx.db, id).await?;
    ctx.events
        .publish(ProjectFunded {
            project: browse::ProjectRef::of(found),
            backers,
            collected_cents: totals.collected_cents,
            paid_out_cents: amount,
            in_escrow: false,
        })
        .await;
    Ok(())
}

/// The projects with a pledge claimed for a charge whose answer was never recorded.
fn claimed_projects() -> sea_orm::sea_query::SelectStatement {
    sea_orm::sea_query::Query::select()
        .column(pledge::Column::ProjectId)
        .from(pledge::Entity)
        .and_where(pledge::Column::Status.eq(PledgeStatus::Charging))
        .to_owned()
}

/// Resumes every project whose money is still moving (after a restart, or a processor that
/// was unavailable), and every escrow; how many projects and escrow steps it looked at.
pub async fn resume(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<usize> {
    let moving: Vec<i64> = project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        .filter(
            sea_orm::Condition::any()
                .add(
                    project::Column::FundingState
                        .is_in([FundingState::Charging, FundingState::Funded]),
                )
                .add(project::Column::Id.in_subquery(claimed_projects())),
        )
        .into_tuple()
        .all(&ctx.db)
        .await?;
    for id in &moving {
        if let Err(err) = run(ctx, *id, now).await {
            tracing::warn!(error = %err, project = id, "charging did not finish this round");
        }
    }
    refunds::resume(ctx).await?;
    let held = escrow::sweep::sweep(ctx, now).await?;
    Ok(moving.len() + held)
}

/// Moves project `id`'s funding from `from` to `to` in `db`, only if it still is `from`: whether
/// it did (false when another run moved it first).
pub(crate) async fn move_funding(
    db: &impl sea_orm::ConnectionTrait,
    id: i64,
    from: FundingState,
    to: FundingState,
) -> AppResult<bool> {
    let moved = project::Entity::update_many()
        .col_expr(project::Column::FundingState, Expr::value(to))
        .filter(project::Column::Id.eq(id))
        .filter(project::Column::FundingState.eq(from))
        .exec(db)
        .await?;
    Ok(moved.rows_affected == 1)
}
