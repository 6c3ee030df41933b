//! Writing notifications (spec 1 §3 Notification): in-app and by e-mail as each member
//! chose for the kind: the in-app one stored and pushed live first, the e-mail queued
//! right after for the outbox to send.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use kernel::mail::Email;
use kernel::notification_kinds::{EmailFrequency, NotificationKind};
use kernel::users::Delivery;
use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::in_app;
use super::notices::Notice;
use super::outbox;
use crate::entity::{digest_entry, notification};
use crate::live::Hub;

fn mail_text(ctx: &AppContext, notice: &Notice) -> String {
    let link = notice
        .in_app_route
        .as_deref()
        .map(|route| format!("\n\nOpen it on Cohort: {}{route}", ctx.config.public_url))
        .unwrap_or_default();
    format!(
        "{}{link}\n\nYou receive this e-mail because of your notification settings: {}/my-profile/notifications\n\nThe Cohort team",
        notice.message, ctx.config.public_url
    )
}

/// A fan-out to at least this many members queues its e-mails only once this instance's
/// sockets have written its notifications: rendering and storing ten thousand e-mails took
/// the cores the sockets were writing on (docs/benchmarks-notes.md, the live channel).
/// Smaller ones queue them at once, whatever a slow socket is doing.
const WRITTEN_BEFORE_MAIL_FROM: usize = 100;
/// How long the e-mails wait for the sockets at most (a stalled socket is closed by its
/// heartbeat, not waited for).
const WRITES_WAITED_AT_MOST: Duration = Duration::from_secs(1);

/// Writes the notifications as each member asked for them (in-app, e-mail, both or none),
/// whatever their number in a few statements: the in-app ones stored and pushed live in
/// batches ([`in_app::store_and_push`]), then the e-mails in one transaction once this
/// instance's sockets have written the notifications. A topic in a
/// group of ten thousand members reaches every open screen before ten thousand e-mails are
/// rendered and queued (the last member would otherwise hear of it seconds late). Should
/// the e-mails fail, the members still have the news in the app; the error is the
/// caller's to log.
pub async fn send_all(ctx: &AppContext, hub: &Hub, notices: Vec<Notice>) -> AppResult<()> {
    let started = std::time::Instant::now();
    let deliveries = deliveries(ctx, &notices).await?;
    let read = started.elapsed();
    let now = kernel::clock::now();
    let mut in_app = Vec::new();
    let mut mailed = Vec::new();
    for notice in notices {
        let Some(delivery) = deliveries.get(&(notice.user_id, notice.kind)) else {
            continue;
        };
        if delivery.in_app {
            in_app.push(notice.clone());
        }
        if delivery.email && !notice.mailed_by_source {
            mailed.push((notice, delivery.email_frequency));
        }
    }
    let (shown, mails) = (in_app.len(), mailed.len());
    let pushed = in_app::store_and_push(ctx, hub, in_app, now).await?;
    let first_pushed_at = pushed.first_at.map(|at| at.duration_since(started));
    let pushed_at = started.elapsed();
    if mails > 0 && shown >= WRITTEN_BEFORE_MAIL_FROM {
        pushed.written(WRITES_WAITED_AT_MOST).await;
    }
    let written_at = started.elapsed();
    queue_all(ctx, mailed, now).await?;
    // Where a large fan-out spends its time (`RUST_LOG=feed=debug`): the live channel's
    // breakdown in docs/benchmarks-notes.md is read from this line.
    tracing::debug!(
        notifications = shown,
        emails = mails,
        settings_read_ms = read.as_millis() as u64,
        first_pushed_ms = first_pushed_at.unwrap_or(read).as_millis() as u64,
        pushed_ms = pushed_at.as_millis() as u64,
        written_ms = written_at.as_millis() as u64,
        emails_queued_ms = started.elapsed().as_millis() as u64,
        "notifications sent"
    );
    Ok(())
}

/// Queues the e-mails of `notices` in one transaction, addressed as the accounts are now:
/// those wanted at once in the outbox, the others kept for their member's next digest.
async fn queue_all(
    ctx: &AppContext,
    notices: Vec<(Notice, EmailFrequency)>,
    now: DateTime<Utc>,
) -> AppResult<()> {
    if notices.is_empty() {
        return Ok(());
    }
    let (instant, gathered): (Vec<_>, Vec<_>) = notices
        .into_iter()
        .partition(|(_, frequency)| *frequency == EmailFrequency::Instant);
    let ids: Vec<i64> = instant.iter().map(|(notice, _)| notice.user_id).collect();
    let addresses = ctx.users.summaries(&ids).await?;
    let emails: Vec<crate::entity::outbox::ActiveModel> = instant
        .iter()
        .filter_map(|(notice, _)| {
            let user = addresses.get(&notice.user_id)?;
            Some(outbox::row(email_of(ctx, notice, user.email.clone()), now))
        })
        .collect();
    let entries: Vec<digest_entry::ActiveModel> = gathered
        .iter()
        .map(|(notice, frequency)| digest_entry_of(notice, *frequency, now))
        .collect();
    let txn = kernel::db::begin_write(&ctx.db).await?;
    kernel::db::insert_batched(&txn, emails).await?;
    kernel::db::insert_batched(&txn, entries).await?;
    txn.commit().await?;
    Ok(())
}

/// How each addressee wants each notice's kind, read once per kind.
async fn deliveries(
    ctx: &AppContext,
    notices: &[Notice],
) -> AppResult<HashMap<(i64, NotificationKind), Delivery>> {
    let mut by_kind: HashMap<NotificationKind, Vec<i64>> = HashMap::new();
    for notice in notices {
        by_kind.entry(notice.kind).or_default().push(notice.user_id);
    }
    let mut found = HashMap::new();
    for (kind, users) in by_kind {
        for (user_id, delivery) in ctx.users.deliveries(&users, kind).await? {
            found.insert((user_id, kind), delivery);
        }
    }
    Ok(found)
}

fn email_of(ctx: &AppContext, notice: &Notice, to: String) -> Email {
    Email {
        to,
        subject: notice.title.clone(),
        text: mail_text(ctx, notice),
        html: None,
        unsubscribe: Some(ctx.unsubscribes.url(
            &ctx.config.public_url,
            notice.user_id,
            notice.kind.as_str(),
        )),
    }
}

/// Rewrites the message of every notification about `post_id` (its excerpt changed, or
/// the post is gone).
pub async fn revise(db: &impl ConnectionTrait, post_id: i64, message: &str) -> AppResult<()> {
    notification::Entity::update_many()
        .col_expr(
            notification::Column::Message,
            sea_orm::sea_query::Expr::value(message),
        )
        .filter(notification::Column::PostId.eq(post_id))
        .exec(db)
        .await?;
    Ok(())
}

/// A notice kept for the member's next digest.
fn digest_entry_of(
    notice: &Notice,
    frequency: EmailFrequency,
    now: DateTime<Utc>,
) -> digest_entry::ActiveModel {
    digest_entry::ActiveModel {
        user_id: Set(notice.user_id),
        kind: Set(notice.kind.to_owned()),
        frequency: Set(frequency),
        title: Set(notice.title.clone()),
        message: Set(notice.message.clone()),
        route: Set(notice.in_app_route.clone()),
        created_at: Set(now),
        ..Default::default()
    }
}
