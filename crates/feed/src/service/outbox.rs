//! The e-mail outbox: rows written with their notification, sent by a worker that claims
//! each row for a while before sending, marks it sent after, and retries failures with
//! backoff. A row survives a crash or an SMTP outage; a sent row is never sent again.

use std::time::Duration as StdDuration;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use kernel::mail::{Email, MailQueue};
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};

use tokio::sync::Notify;

use crate::entity::outbox;
use crate::enums::OutboxStatus;

/// After this many failed attempts the row is kept, marked failed, and left alone.
pub const MAX_ATTEMPTS: i32 = 8;
/// How long a worker holds a row while sending it; a crashed worker's hold runs out.
const HOLD: Duration = Duration::seconds(120);
/// Rows sent per round.
const BATCH: u64 = 50;
/// How often the worker looks for due rows.
pub const ROUND: StdDuration = StdDuration::from_secs(2);

pub use kernel::retry::backoff;

/// Sends what is due at `now`; returns how many rows were sent.
pub async fn process_due(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<usize> {
    let mut sent = 0;
    for row in claim_due(&ctx.db, now).await? {
        let email = Email {
            to: row.to_email.clone(),
            subject: row.subject.clone(),
            text: row.text.clone(),
            html: None,
            unsubscribe: row.unsubscribe_url.clone(),
        };
        let update = outbox::Entity::update_many().filter(outbox::Column::Id.eq(row.id));
        match ctx.mailer.send(email).await {
            Ok(()) => {
                update
                    .col_expr(outbox::Column::Status, Expr::value(OutboxStatus::Sent))
                    .col_expr(outbox::Column::SentAt, Expr::value(kernel::clock::now()))
                    .col_expr(outbox::Column::Attempts, Expr::value(row.attempts + 1))
                    .exec(&ctx.db)
                    .await?;
                sent += 1;
            }
            Err(err) => {
                let attempts = row.attempts + 1;
                let status = if attempts >= MAX_ATTEMPTS {
                    OutboxStatus::Failed
                } else {
                    OutboxStatus::Pending
                };
                // The server's answer may quote the recipient, so it goes to the row
                // (`last_error`), not to the log, which carries no personal data.
                tracing::warn!(
                    id = row.id,
                    attempts,
                    "could not send a queued e-mail; its last_error says why"
                );
                update
                    .col_expr(outbox::Column::Status, Expr::value(status))
                    .col_expr(outbox::Column::Attempts, Expr::value(attempts))
                    .col_expr(
                        outbox::Column::NextAttemptAt,
                        Expr::value(now + backoff(row.attempts)),
                    )
                    .col_expr(
                        outbox::Column::LockedUntil,
                        Expr::value(Option::<DateTime<Utc>>::None),
                    )
                    .col_expr(outbox::Column::LastError, Expr::value(err.to_string()))
                    .exec(&ctx.db)
                    .await?;
            }
        }
    }
    Ok(sent)
}

/// Claims up to a batch of due rows for this worker, in one statement: on PostgreSQL the
/// rows are picked `FOR UPDATE SKIP LOCKED`, so workers of any number of instances claim
/// disjoint rows without waiting on each other; SQLite runs one writer at a time, so the
/// statement alone is enough. A claimed row is held until `now + HOLD`; a worker that dies
/// holding it leaves it to the next one once the hold runs out.
async fn claim_due(db: &DatabaseConnection, now: DateTime<Utc>) -> AppResult<Vec<outbox::Model>> {
    let mut claimed = claim(now).exec_with_returning(db).await?;
    claimed.sort_by_key(|row| (row.next_attempt_at, row.id));
    Ok(claimed)
}

/// The claiming statement: hold the first due, unheld rows that no other worker is locking.
fn claim(now: DateTime<Utc>) -> sea_orm::UpdateMany<outbox::Entity> {
    let due = outbox::Entity::find()
        .select_only()
        .column(outbox::Column::Id)
        .filter(outbox::Column::Status.eq(OutboxStatus::Pending))
        .filter(outbox::Column::NextAttemptAt.lte(now))
        .filter(
            Condition::any()
                .add(outbox::Column::LockedUntil.is_null())
                .add(outbox::Column::LockedUntil.lt(now)),
        )
        .order_by_asc(outbox::Column::NextAttemptAt)
        .limit(BATCH)
        .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
        .into_query();
    outbox::Entity::update_many()
        .col_expr(outbox::Column::LockedUntil, Expr::value(now + HOLD))
        .filter(outbox::Column::Id.in_subquery(due))
}

/// Rings when a message is queued, so this process's worker sends it now rather than at
/// its next round (a member waiting for a confirmation link waits for the server only).
static QUEUED: Notify = Notify::const_new();

/// Tells this process's worker a message was queued.
pub fn wake() {
    QUEUED.notify_one();
}

/// The outbox as the other crates see it ([`kernel::mail::MailQueue`]): what they queue is
/// sent by the worker, with retries and never twice.
pub struct MailOutbox {
    db: DatabaseConnection,
}

impl MailOutbox {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl MailQueue for MailOutbox {
    async fn enqueue(&self, email: Email) -> AppResult<()> {
        queue(&self.db, email).await?;
        wake();
        Ok(())
    }
}

/// The worker: sends due e-mail every round, or as soon as a message is queued here,
/// until the process ends.
pub async fn run(ctx: AppContext) {
    let mut ticker = tokio::time::interval(ROUND);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = QUEUED.notified() => {}
        }
        let round = process_due(&ctx, kernel::clock::now()).await;
        if let Err(err) = &round {
            tracing::error!(error = %err, "the e-mail outbox round failed");
        }
        kernel::metrics::record_job("mail_outbox", round.is_ok());
    }
}

/// How many e-mails wait to be sent, and when the oldest of them was written.
pub async fn backlog(db: &DatabaseConnection) -> AppResult<(i64, Option<DateTime<Utc>>)> {
    let found = outbox::Entity::find()
        .select_only()
        .column_as(outbox::Column::Id.count(), "waiting")
        .column_as(outbox::Column::CreatedAt.min(), "oldest")
        .filter(outbox::Column::Status.eq(OutboxStatus::Pending))
        .into_tuple::<(i64, Option<DateTime<Utc>>)>()
        .one(db)
        .await?;
    Ok(found.unwrap_or((0, None)))
}

/// What the outbox holds for an address (for tests and the staff console).
pub async fn rows_to(ctx: &AppContext, to: &str) -> AppResult<Vec<(OutboxStatus, i32)>> {
    Ok(outbox::Entity::find()
        .filter(outbox::Column::ToEmail.eq(to))
        .order_by_asc(outbox::Column::Id)
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|r| (r.status, r.attempts))
        .collect())
}

/// The outbox's row for an e-mail, due at once.
pub(crate) fn row(email: Email, now: DateTime<Utc>) -> outbox::ActiveModel {
    outbox::ActiveModel {
        to_email: Set(email.to),
        subject: Set(email.subject),
        text: Set(email.text),
        unsubscribe_url: Set(email.unsubscribe),
        status: Set(OutboxStatus::Pending),
        attempts: Set(0),
        next_attempt_at: Set(now),
        created_at: Set(now),
        ..Default::default()
    }
}

/// Adds an e-mail to the outbox, for the worker to send.
pub async fn queue(db: &impl ConnectionTrait, email: Email) -> AppResult<()> {
    row(email, kernel::clock::now()).insert(db).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use sea_orm::{DbBackend, QueryTrait};

    use super::claim;

    #[test]
    fn workers_claim_with_skip_locked_where_the_database_has_it() {
        let now = kernel::clock::now();
        let postgres = claim(now).build(DbBackend::Postgres).to_string();
        assert!(postgres.contains("FOR UPDATE SKIP LOCKED"), "{postgres}");
        assert!(
            postgres.starts_with("UPDATE"),
            "one statement claims the batch"
        );
        let sqlite = claim(now).build(DbBackend::Sqlite).to_string();
        assert!(!sqlite.contains("FOR UPDATE"), "{sqlite}");
    }
}
