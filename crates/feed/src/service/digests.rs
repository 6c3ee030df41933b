//! Digests (issue 23 §3): the e-mails of the kinds a member gathers daily or weekly wait
//! here, and go out as one e-mail at 08:00 in the member's time zone (on Mondays for
//! weekly), grouped by kind, never twice: the digest, the entries it carries and its
//! e-mail in the outbox are written in one transaction, under a unique index on (member,
//! frequency, local morning) that leaves a racing second worker nothing to send.

use std::collections::HashMap;
use std::time::Duration as StdDuration;

use chrono::{DateTime, Utc};
use kernel::mail::Email;
use kernel::notification_kinds::{DIGESTS, EmailFrequency, KINDS};
use kernel::time_zones::next_morning;
use kernel::users::UserSummary;
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::outbox;
use crate::entity::{digest, digest_entry};

/// How often the worker looks for digests due.
pub const ROUND: StdDuration = StdDuration::from_secs(60);

/// A member's notices waiting for one frequency's digest.
#[derive(Debug, FromQueryResult)]
struct Waiting {
    user_id: i64,
    frequency: EmailFrequency,
    oldest: DateTime<Utc>,
}

/// When a member's last digest of a frequency went out.
#[derive(Debug, FromQueryResult)]
struct LastSent {
    user_id: i64,
    frequency: EmailFrequency,
    last: DateTime<Utc>,
}

/// Sends every digest due at `now`, in a fixed number of reads whatever the number of
/// members; returns how many went out.
pub async fn send_due(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<usize> {
    let waiting: Vec<Waiting> = digest_entry::Entity::find()
        .select_only()
        .column(digest_entry::Column::UserId)
        .column(digest_entry::Column::Frequency)
        .column_as(digest_entry::Column::CreatedAt.min(), "oldest")
        .filter(digest_entry::Column::DigestId.is_null())
        .group_by(digest_entry::Column::UserId)
        .group_by(digest_entry::Column::Frequency)
        .into_model()
        .all(&ctx.db)
        .await?;
    if waiting.is_empty() {
        return Ok(0);
    }
    let ids: Vec<i64> = waiting.iter().map(|w| w.user_id).collect();
    let last_sent: HashMap<(i64, EmailFrequency), DateTime<Utc>> = digest::Entity::find()
        .select_only()
        .column(digest::Column::UserId)
        .column(digest::Column::Frequency)
        .column_as(digest::Column::SentAt.max(), "last")
        .filter(digest::Column::UserId.is_in(ids.clone()))
        .group_by(digest::Column::UserId)
        .group_by(digest::Column::Frequency)
        .into_model::<LastSent>()
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|l| ((l.user_id, l.frequency), l.last))
        .collect();
    let users = ctx.users.summaries(&ids).await?;
    let mut sent = 0;
    for w in waiting {
        let Some(user) = users.get(&w.user_id) else {
            continue;
        };
        // After the last digest's own time, so a morning is never used twice.
        let since = last_sent
            .get(&(w.user_id, w.frequency))
            .map_or(w.oldest, |last| (*last).max(w.oldest));
        let due = next_morning(since, user.time_zone, w.frequency == EmailFrequency::Weekly);
        if now >= due && send_one(ctx, user, w.frequency, due, now).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// Sends `user`'s digest of `frequency` for the morning `due`; false when there was
/// nothing left to send or another worker sent it first.
async fn send_one(
    ctx: &AppContext,
    user: &UserSummary,
    frequency: EmailFrequency,
    due: DateTime<Utc>,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let record = digest::ActiveModel {
        user_id: Set(user.id),
        frequency: Set(frequency),
        morning: Set(due.with_timezone(&user.time_zone).date_naive().to_string()),
        sent_at: Set(now),
        ..Default::default()
    };
    let record = match record.insert(&txn).await {
        Ok(record) => record,
        Err(err) if kernel::db::is_unique_violation(&err) => return Ok(false),
        Err(err) => return Err(err.into()),
    };
    let entries = digest_entry::Entity::find()
        .filter(digest_entry::Column::UserId.eq(user.id))
        .filter(digest_entry::Column::Frequency.eq(frequency))
        .filter(digest_entry::Column::DigestId.is_null())
        .filter(digest_entry::Column::CreatedAt.lte(now))
        .order_by_asc(digest_entry::Column::CreatedAt)
        .order_by_asc(digest_entry::Column::Id)
        .all(&txn)
        .await?;
    if entries.is_empty() {
        return Ok(false);
    }
    digest_entry::Entity::update_many()
        .col_expr(digest_entry::Column::DigestId, Expr::value(record.id))
        .filter(digest_entry::Column::Id.is_in(entries.iter().map(|e| e.id)))
        .filter(digest_entry::Column::DigestId.is_null())
        .exec(&txn)
        .await?;
    outbox::row(email(ctx, user, frequency, &entries), now)
        .insert(&txn)
        .await?;
    txn.commit().await?;
    super::outbox::wake();
    Ok(true)
}

/// The digest: its notices grouped by kind, in the settings page's order.
fn email(
    ctx: &AppContext,
    user: &UserSummary,
    frequency: EmailFrequency,
    entries: &[digest_entry::Model],
) -> Email {
    let url = ctx.config.public_url.trim_end_matches('/');
    let period = match frequency {
        EmailFrequency::Weekly => "weekly",
        _ => "daily",
    };
    let count = entries.len();
    let subject = format!(
        "Your {period} Cohort digest: {count} new notification{}",
        if count == 1 { "" } else { "s" }
    );
    let mut text = format!(
        "Hello {},\n\nHere is what happened on Cohort since your last {period} digest.",
        user.name
    );
    for kind in KINDS {
        let of_kind: Vec<&digest_entry::Model> =
            entries.iter().filter(|e| e.kind == kind.id).collect();
        if of_kind.is_empty() {
            continue;
        }
        text.push_str(&format!("\n\n{} ({})", kind.name, of_kind.len()));
        for e in of_kind {
            text.push_str(&format!("\n• {}: {}", e.title, e.message));
            if let Some(route) = &e.route {
                text.push_str(&format!("\n  {url}{route}"));
            }
        }
    }
    let unsubscribe = ctx.unsubscribes.url(url, user.id, DIGESTS);
    text.push_str(&format!(
        "\n\nYou receive this digest because of your notification settings: {url}/my-profile/notifications\nStop every digest with one click: {unsubscribe}\n\nThe Cohort team"
    ));
    Email {
        to: user.email.clone(),
        subject,
        text,
        html: None,
        unsubscribe: Some(unsubscribe),
    }
}

/// The worker: sends the digests due every round, until the process ends.
pub async fn run(ctx: AppContext) {
    let mut ticker = tokio::time::interval(ROUND);
    loop {
        ticker.tick().await;
        let round = send_due(&ctx, kernel::clock::now()).await;
        if let Err(err) = &round {
            tracing::error!(error = %err, "the digest round failed");
        }
        kernel::metrics::record_job("digests", round.is_ok());
    }
}
