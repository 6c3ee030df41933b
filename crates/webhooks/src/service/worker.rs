//! The delivery worker: claims due deliveries (a hold that a crashed worker's runs out),
//! sends each signed, and records the answer. A failure is retried with the e-mail
//! outbox's backoff (30 s, 1 min, 2 min … capped at an hour) up to [`MAX_ATTEMPTS`]; a
//! webhook whose attempts fail [`DISABLE_AFTER`] times in a row is turned off, its waiting
//! deliveries given up, and its creator told ([`WebhookDisabled`]).

use std::collections::HashMap;
use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::{Expr, ExprTrait, LockBehavior, LockType};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait,
};
use tokio::sync::Notify;
use url::Url;

use super::{addresses, signing};
use crate::entity::{delivery, webhook};
use crate::enums::DeliveryStatus;
use crate::events::WebhookDisabled;
use crate::policy::DISABLE_AFTER;

/// Attempts per delivery: the last comes about an hour after the first failure.
pub const MAX_ATTEMPTS: i32 = 8;
/// How long a receiver has to answer.
const TIMEOUT: StdDuration = StdDuration::from_secs(10);
/// How long a worker holds a delivery while sending it.
const HOLD: Duration = Duration::seconds(120);
/// Deliveries sent per round.
const BATCH: u64 = 20;
/// How often the worker looks for due deliveries.
pub const ROUND: StdDuration = StdDuration::from_secs(2);
/// How much of a receiver's answer the log keeps.
pub const KEPT_BODY: usize = 2048;
/// How long settled deliveries stay in the log.
pub const KEPT_FOR: Duration = Duration::days(30);
/// Rounds between two prunings of the log (about every half hour).
const PRUNE_EVERY: u32 = 900;
/// Identifies the sender to receivers.
const USER_AGENT: &str = "Cohort-Webhooks/1.0";

pub const PAUSED: &str = "The webhook was turned off before this was sent.";

/// Why the deliveries waiting when a webhook is turned off for failing are given up.
pub fn disabled_text() -> String {
    format!("The webhook was turned off after {DISABLE_AFTER} failed attempts in a row.")
}

/// What one attempt came to.
#[derive(Debug, Default)]
struct Outcome {
    status: Option<u16>,
    body: Option<String>,
    error: Option<String>,
}

impl Outcome {
    fn failed(error: impl Into<String>) -> Self {
        Self {
            error: Some(error.into()),
            ..Self::default()
        }
    }

    fn succeeded(&self) -> bool {
        self.status.is_some_and(|s| (200..300).contains(&s))
    }
}

/// Sends what is due at `now`; returns how many deliveries succeeded.
pub async fn process_due(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<usize> {
    let claimed = claim(now).exec_with_returning(&ctx.db).await?;
    if claimed.is_empty() {
        return Ok(0);
    }
    let ids: Vec<i64> = claimed.iter().map(|d| d.webhook_id).collect();
    let hooks: HashMap<i64, webhook::Model> = webhook::Entity::find()
        .filter(webhook::Column::Id.is_in(ids))
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|w| (w.id, w))
        .collect();
    let mut delivered = 0;
    let mut claimed = claimed;
    claimed.sort_by_key(|d| (d.next_attempt_at, d.id));
    for row in claimed {
        // A deleted webhook took its deliveries with it.
        let Some(hook) = hooks.get(&row.webhook_id) else {
            continue;
        };
        if !hook.active {
            give_up(&ctx.db, row.id, PAUSED).await?;
            continue;
        }
        let outcome = send(&ctx.config.outbound_allowlist, hook, &row).await;
        if outcome.succeeded() {
            delivered += 1;
        }
        settle(ctx, hook, &row, outcome, now).await?;
    }
    Ok(delivered)
}

/// One signed POST of `row`'s payload to `hook`'s address, connecting only where the
/// operator's rules allow.
async fn send(allowlist: &[String], hook: &webhook::Model, row: &delivery::Model) -> Outcome {
    let Ok(url) = Url::parse(&hook.url) else {
        return Outcome::failed(addresses::NOT_A_URL);
    };
    let target = match addresses::resolve(&url, allowlist).await {
        Ok(target) => target,
        Err(refused) => return Outcome::failed(refused),
    };
    let mut client = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(USER_AGENT);
    if let Some((host, addresses)) = &target.pinned {
        client = client.resolve_to_addrs(host, addresses);
    }
    let client = match client.build() {
        Ok(client) => client,
        Err(error) => return Outcome::failed(error.to_string()),
    };
    let timestamp = kernel::clock::now().timestamp();
    let sent = client
        .post(target.url)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(
            signing::HEADER,
            signing::signature(&hook.secret, timestamp, &row.payload),
        )
        .header("Cohort-Event", row.event_kind.as_str())
        .header("Cohort-Event-Id", &row.event_id)
        .header("Cohort-Delivery", row.id)
        .body(row.payload.clone())
        .send()
        .await;
    match sent {
        Ok(response) => Outcome {
            status: Some(response.status().as_u16()),
            body: Some(start_of(response).await),
            error: None,
        },
        Err(error) if error.is_timeout() => {
            Outcome::failed(format!("No answer within {} seconds.", TIMEOUT.as_secs()))
        }
        Err(error) => Outcome::failed(format!("Could not connect: {error}")),
    }
}

/// The first [`KEPT_BODY`] bytes of an answer (cut at a character), read no further.
async fn start_of(mut response: reqwest::Response) -> String {
    let mut body = Vec::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        body.extend_from_slice(&chunk);
        if body.len() >= KEPT_BODY {
            body.truncate(KEPT_BODY);
            break;
        }
    }
    let text = String::from_utf8_lossy(&body);
    text.trim_end_matches('\u{FFFD}').to_owned()
}

/// Records an attempt's outcome: delivered, or due again later, or given up; and counts the
/// webhook's failures in a row, turning it off when they reach [`DISABLE_AFTER`].
async fn settle(
    ctx: &AppContext,
    hook: &webhook::Model,
    row: &delivery::Model,
    outcome: Outcome,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let attempts = row.attempts + 1;
    let succeeded = outcome.succeeded();
    let status = match () {
        () if succeeded => DeliveryStatus::Delivered,
        () if attempts >= MAX_ATTEMPTS => DeliveryStatus::Failed,
        () => DeliveryStatus::Pending,
    };
    delivery::Entity::update_many()
        .col_expr(delivery::Column::Status, Expr::value(status))
        .col_expr(delivery::Column::Attempts, Expr::value(attempts))
        .col_expr(
            delivery::Column::NextAttemptAt,
            Expr::value(now + kernel::retry::backoff(row.attempts)),
        )
        .col_expr(
            delivery::Column::LockedUntil,
            Expr::value(None::<DateTime<Utc>>),
        )
        .col_expr(
            delivery::Column::ResponseStatus,
            Expr::value(outcome.status.map(i32::from)),
        )
        .col_expr(delivery::Column::ResponseBody, Expr::value(outcome.body))
        .col_expr(delivery::Column::Error, Expr::value(outcome.error))
        .col_expr(
            delivery::Column::DeliveredAt,
            Expr::value(succeeded.then_some(now)),
        )
        .filter(delivery::Column::Id.eq(row.id))
        .exec(&ctx.db)
        .await?;
    if succeeded {
        webhook::Entity::update_many()
            .col_expr(webhook::Column::ConsecutiveFailures, Expr::value(0))
            .filter(webhook::Column::Id.eq(hook.id))
            .exec(&ctx.db)
            .await?;
        return Ok(());
    }
    tracing::warn!(
        webhook = hook.id,
        delivery = row.id,
        attempts,
        "a webhook delivery failed; its log says why"
    );
    match count_failure(&ctx.db, hook.id).await? {
        Some(failures) if failures >= DISABLE_AFTER => disable(ctx, hook, now).await,
        _ => Ok(()),
    }
}

/// Counts one more failure of webhook `id`; the count, or `None` when it is off.
async fn count_failure(db: &DatabaseConnection, id: i64) -> AppResult<Option<i32>> {
    let updated = webhook::Entity::update_many()
        .col_expr(
            webhook::Column::ConsecutiveFailures,
            Expr::col(webhook::Column::ConsecutiveFailures).add(1),
        )
        .filter(webhook::Column::Id.eq(id))
        .filter(webhook::Column::Active.eq(true))
        .exec_with_returning(db)
        .await?;
    Ok(updated.first().map(|w| w.consecutive_failures))
}

/// Turns a failing webhook off, once: whoever's update finds it on does it, gives up its
/// waiting deliveries and tells its creator.
async fn disable(ctx: &AppContext, hook: &webhook::Model, now: DateTime<Utc>) -> AppResult<()> {
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let turned_off = webhook::Entity::update_many()
        .col_expr(webhook::Column::Active, Expr::value(false))
        .col_expr(webhook::Column::DisabledAt, Expr::value(Some(now)))
        .filter(webhook::Column::Id.eq(hook.id))
        .filter(webhook::Column::Active.eq(true))
        .exec(&txn)
        .await?;
    if turned_off.rows_affected == 0 {
        return Ok(());
    }
    give_up_pending(&txn, hook.id, &disabled_text()).await?;
    txn.commit().await?;
    tracing::warn!(
        webhook = hook.id,
        "a webhook was turned off after failing again and again"
    );
    ctx.events
        .publish(WebhookDisabled {
            webhook_id: hook.id,
            created_by: hook.created_by,
            url: hook.url.clone(),
            group_id: hook.group_id,
        })
        .await;
    Ok(())
}

/// Gives up every delivery of webhook `id` still waiting, saying `why`.
pub async fn give_up_pending(db: &impl ConnectionTrait, id: i64, why: &str) -> AppResult<()> {
    give_up_where(db, delivery::Column::WebhookId.eq(id), why).await
}

async fn give_up(db: &impl ConnectionTrait, delivery_id: i64, why: &str) -> AppResult<()> {
    give_up_where(db, delivery::Column::Id.eq(delivery_id), why).await
}

async fn give_up_where(
    db: &impl ConnectionTrait,
    which: sea_orm::sea_query::SimpleExpr,
    why: &str,
) -> AppResult<()> {
    delivery::Entity::update_many()
        .col_expr(
            delivery::Column::Status,
            Expr::value(DeliveryStatus::Failed),
        )
        .col_expr(delivery::Column::Error, Expr::value(why))
        .col_expr(
            delivery::Column::LockedUntil,
            Expr::value(None::<DateTime<Utc>>),
        )
        .filter(which)
        .filter(delivery::Column::Status.eq(DeliveryStatus::Pending))
        .exec(db)
        .await?;
    Ok(())
}

/// The claiming statement: hold the first due, unheld deliveries no other worker is
/// locking (`FOR UPDATE SKIP LOCKED` on PostgreSQL; SQLite has one writer at a time).
fn claim(now: DateTime<Utc>) -> sea_orm::UpdateMany<delivery::Entity> {
    let due = delivery::Entity::find()
        .select_only()
        .column(delivery::Column::Id)
        .filter(delivery::Column::Status.eq(DeliveryStatus::Pending))
        .filter(delivery::Column::NextAttemptAt.lte(now))
        .filter(
            Condition::any()
                .add(delivery::Column::LockedUntil.is_null())
                .add(delivery::Column::LockedUntil.lt(now)),
        )
        .order_by_asc(delivery::Column::NextAttemptAt)
        .limit(BATCH)
        .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
        .into_query();
    delivery::Entity::update_many()
        .col_expr(delivery::Column::LockedUntil, Expr::value(now + HOLD))
        .filter(delivery::Column::Id.in_subquery(due))
}

/// Rings when a delivery is queued, so this process's worker sends it now.
static QUEUED: Notify = Notify::const_new();

/// Tells this process's worker a delivery was queued.
pub fn wake() {
    QUEUED.notify_one();
}

/// How many deliveries wait for their first or next attempt, and when the oldest was
/// queued.
pub async fn backlog(db: &DatabaseConnection) -> AppResult<(i64, Option<DateTime<Utc>>)> {
    let found = delivery::Entity::find()
        .select_only()
        .column_as(delivery::Column::Id.count(), "waiting")
        .column_as(delivery::Column::CreatedAt.min(), "oldest")
        .filter(delivery::Column::Status.eq(DeliveryStatus::Pending))
        .into_tuple::<(i64, Option<DateTime<Utc>>)>()
        .one(db)
        .await?;
    Ok(found.unwrap_or((0, None)))
}

/// Deletes settled deliveries older than [`KEPT_FOR`] at `now`; returns how many.
pub async fn prune(db: &impl ConnectionTrait, now: DateTime<Utc>) -> AppResult<u64> {
    let gone = delivery::Entity::delete_many()
        .filter(delivery::Column::Status.ne(DeliveryStatus::Pending))
        .filter(delivery::Column::CreatedAt.lt(now - KEPT_FOR))
        .exec(db)
        .await?;
    Ok(gone.rows_affected)
}

/// The worker: sends due deliveries every round, or as soon as one is queued here, and now
/// and then prunes the log, until the process ends.
pub async fn run(ctx: AppContext) {
    let mut ticker = tokio::time::interval(ROUND);
    let mut rounds: u32 = 0;
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = QUEUED.notified() => {}
        }
        rounds = rounds.wrapping_add(1);
        if rounds % PRUNE_EVERY == 1
            && let Err(err) = prune(&ctx.db, kernel::clock::now()).await
        {
            tracing::error!(error = %err, "pruning the webhook delivery log failed");
        }
        let round = process_due(&ctx, kernel::clock::now()).await;
        if let Err(err) = &round {
            tracing::error!(error = %err, "the webhook delivery round failed");
        }
        kernel::metrics::record_job("webhooks", round.is_ok());
    }
}
