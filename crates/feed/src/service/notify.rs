//! Writing notifications (spec 1 §3 Notification): in-app and by e-mail as each member
//! chose for the kind: the in-app one stored and pushed live first, the e-mail queued
//! right after for the outbox to send.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::mail::Email;
use kernel::notification_kinds::EmailFrequency;
use kernel::users::Delivery;
use kernel::{AppContext, AppResult};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter,
    QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{digest_entry, notification, outbox};
use crate::enums::ContentType;
use crate::live::Hub;

/// A notification to write.
#[derive(Debug, Clone)]
pub struct Notice {
    pub user_id: i64,
    /// A `kernel::notification_kinds` id.
    pub kind: &'static str,
    pub title: String,
    pub message: String,
    pub in_app_route: Option<String>,
    pub object_slug: Option<String>,
    pub content_type: Option<ContentType>,
    pub invite_token: Option<String>,
    /// The source mails this itself (an invitation carries its link in its own e-mail):
    /// in-app only, so nobody gets the same news twice.
    pub mailed_by_source: bool,
    /// The post whose excerpt the message shows.
    pub post_id: Option<i64>,
}

/// A notification as members see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Notification {
    pub id: i64,
    pub title: String,
    pub message: String,
    pub read_at: Option<chrono::DateTime<Utc>>,
    pub created_at: chrono::DateTime<Utc>,
    pub in_app_route: Option<String>,
    pub object_slug: Option<String>,
    pub content_type: Option<ContentType>,
    pub invite_token: Option<String>,
}

impl Notification {
    pub(crate) fn from_entity(n: notification::Model) -> Self {
        Self {
            id: n.id,
            title: n.title,
            message: n.message,
            read_at: n.read_at,
            created_at: n.created_at,
            in_app_route: n.in_app_route,
            object_slug: n.object_slug,
            content_type: n.content_type,
            invite_token: n.invite_token,
        }
    }
}

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

/// How many in-app notifications are stored in one transaction and pushed as it commits.
/// A pushed notification must be one the bell can show again after a reload, so it is
/// stored first; in batches, the sockets of one batch are written by the server's workers
/// while the next batch is stored (issue 45 §4: all 10,000 in one transaction kept every
/// socket waiting for the last row).
const PUSH_BATCH: usize = 1_000;

/// Writes the notifications as each member asked for them (in-app, e-mail, both or none),
/// whatever their number in a few statements: the in-app ones in transactions of
/// [`PUSH_BATCH`], each pushed live as soon as it commits, then the e-mails in one more. A
/// topic in a group of ten thousand members reaches every open screen before ten thousand
/// e-mails are rendered and queued (the last member would otherwise hear of it seconds
/// late). Should the e-mails fail, the members still have the news in the app; the error
/// is the caller's to log.
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
            in_app.push((
                (notice.user_id, notification_of(&notice, now)),
                notification_row(&notice, now),
            ));
        }
        if delivery.email && !notice.mailed_by_source {
            mailed.push((notice, delivery.email_frequency));
        }
    }
    let (shown, mails) = (in_app.len(), mailed.len());
    let mut first_pushed_at = None;
    let mut notes = in_app.into_iter().peekable();
    while notes.peek().is_some() {
        let batch: Vec<((i64, Notification), notification::ActiveModel)> =
            notes.by_ref().take(PUSH_BATCH).collect();
        let (shown, rows): (Vec<_>, Vec<_>) = batch.into_iter().unzip();
        let txn = kernel::db::begin_write(&ctx.db).await?;
        let stored: Vec<Stored> = kernel::db::insert_batched_returning(
            &txn,
            rows,
            &[notification::Column::Id, notification::Column::UserId],
        )
        .await?;
        txn.commit().await?;
        push(hub, with_ids(shown, stored)).await?;
        first_pushed_at.get_or_insert_with(|| started.elapsed());
    }
    let pushed_at = started.elapsed();
    queue_all(ctx, mailed, now).await?;
    // Where a large fan-out spends its time (`RUST_LOG=feed=debug`): the live channel's
    // breakdown in docs/benchmarks-notes.md is read from this line.
    tracing::debug!(
        notifications = shown,
        emails = mails,
        settings_read_ms = read.as_millis() as u64,
        first_pushed_ms = first_pushed_at.unwrap_or(read).as_millis() as u64,
        pushed_ms = pushed_at.as_millis() as u64,
        emails_queued_ms = started.elapsed().as_millis() as u64,
        "notifications sent"
    );
    Ok(())
}

/// A stored notification's id and its member's: all a push needs beside the notice itself.
#[derive(FromQueryResult)]
struct Stored {
    id: i64,
    user_id: i64,
}

/// The notification `notice` makes, as its member sees it once stored (its id is the
/// stored row's).
fn notification_of(notice: &Notice, now: DateTime<Utc>) -> Notification {
    Notification {
        id: 0,
        title: notice.title.clone(),
        message: notice.message.clone(),
        read_at: None,
        created_at: now,
        in_app_route: notice.in_app_route.clone(),
        object_slug: notice.object_slug.clone(),
        content_type: notice.content_type,
        invite_token: notice.invite_token.clone(),
    }
}

/// Each member's notifications with the ids their rows were stored under. The rows of one
/// insert are numbered in the order given, but `RETURNING` may list them in any order: a
/// member's ids, sorted, go to their notifications in the order given.
fn with_ids(shown: Vec<(i64, Notification)>, stored: Vec<Stored>) -> Vec<(i64, Notification)> {
    let mut ids: HashMap<i64, Vec<i64>> = HashMap::new();
    for row in stored {
        ids.entry(row.user_id).or_default().push(row.id);
    }
    for member in ids.values_mut() {
        member.sort_unstable_by(|a, b| b.cmp(a));
    }
    shown
        .into_iter()
        .filter_map(|(user_id, mut note)| {
            note.id = ids.get_mut(&user_id)?.pop()?;
            Some((user_id, note))
        })
        .collect()
}

/// Sends each stored notification to its member's open screens, all in one go.
async fn push(hub: &Hub, stored: Vec<(i64, Notification)>) -> AppResult<()> {
    let notes = stored
        .into_iter()
        .map(|(user_id, note)| serde_json::to_string(&note).map(|json| (user_id, json)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| kernel::AppError::Internal(e.into()))?;
    hub.publish_all(notes).await;
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
    let emails: Vec<outbox::ActiveModel> = instant
        .iter()
        .filter_map(|(notice, _)| {
            let user = addresses.get(&notice.user_id)?;
            Some(outbox_row(email_of(ctx, notice, user.email.clone()), now))
        })
        .collect();
    let entries: Vec<digest_entry::ActiveModel> = gathered
        .iter()
        .map(|(notice, frequency)| super::digests::entry(notice, *frequency, now))
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
) -> AppResult<HashMap<(i64, &'static str), Delivery>> {
    let mut by_kind: HashMap<&'static str, Vec<i64>> = HashMap::new();
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
            notice.kind,
        )),
    }
}

fn notification_row(notice: &Notice, now: DateTime<Utc>) -> notification::ActiveModel {
    notification::ActiveModel {
        user_id: Set(notice.user_id),
        kind: Set(notice.kind.to_owned()),
        title: Set(notice.title.clone()),
        message: Set(notice.message.clone()),
        in_app_route: Set(notice.in_app_route.clone()),
        object_slug: Set(notice.object_slug.clone()),
        content_type: Set(notice.content_type),
        invite_token: Set(notice.invite_token.clone()),
        post_id: Set(notice.post_id),
        created_at: Set(now),
        ..Default::default()
    }
}

pub(crate) fn outbox_row(email: Email, now: DateTime<Utc>) -> outbox::ActiveModel {
    outbox::ActiveModel {
        to_email: Set(email.to),
        subject: Set(email.subject),
        text: Set(email.text),
        unsubscribe_url: Set(email.unsubscribe),
        status: Set(super::outbox::PENDING.to_owned()),
        attempts: Set(0),
        next_attempt_at: Set(now),
        created_at: Set(now),
        ..Default::default()
    }
}

/// Adds an e-mail to the outbox, for the worker to send.
pub async fn queue(db: &impl ConnectionTrait, email: Email) -> AppResult<()> {
    outbox_row(email, kernel::clock::now()).insert(db).await?;
    Ok(())
}

/// A page of a member's notifications, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    user_id: i64,
    params: &kernel::PageParams,
) -> AppResult<kernel::Page<Notification>> {
    let select = notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .order_by_desc(notification::Column::CreatedAt)
        .order_by_desc(notification::Column::Id);
    Ok(kernel::pagination::paginate(db, select, params, 10)
        .await?
        .map(Notification::from_entity))
}

/// Marks every unread notification of a member read.
pub async fn mark_all_read(db: &impl ConnectionTrait, user_id: i64) -> AppResult<()> {
    notification::Entity::update_many()
        .col_expr(
            notification::Column::ReadAt,
            sea_orm::sea_query::Expr::value(kernel::clock::now()),
        )
        .filter(notification::Column::UserId.eq(user_id))
        .filter(notification::Column::ReadAt.is_null())
        .exec(db)
        .await?;
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn note(title: &str) -> Notification {
        Notification {
            id: 0,
            title: title.to_owned(),
            message: String::new(),
            read_at: None,
            created_at: kernel::clock::now(),
            in_app_route: None,
            object_slug: None,
            content_type: None,
            invite_token: None,
        }
    }

    #[test]
    fn each_notification_gets_its_rows_id_whatever_order_returning_lists_them() {
        let shown = vec![(7, note("first")), (8, note("other")), (7, note("second"))];
        let stored = vec![
            Stored { id: 12, user_id: 7 },
            Stored { id: 11, user_id: 8 },
            Stored { id: 10, user_id: 7 },
        ];
        let given: Vec<(i64, String, i64)> = with_ids(shown, stored)
            .into_iter()
            .map(|(user, note)| (user, note.title, note.id))
            .collect();
        assert_eq!(
            given,
            vec![
                (7, "first".to_owned(), 10),
                (8, "other".to_owned(), 11),
                (7, "second".to_owned(), 12),
            ]
        );
    }
}
