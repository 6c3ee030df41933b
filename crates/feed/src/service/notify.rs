//! Writing notifications (spec 1 §3 Notification): in-app and by e-mail as each member
//! chose for the kind, the e-mail queued in the same transaction, the in-app one pushed
//! live once stored.

use chrono::Utc;
use kernel::mail::Email;
use kernel::{AppContext, AppResult};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{notification, outbox};
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

/// Writes the notification the member asked for (in-app, e-mail, both or none).
pub async fn send(ctx: &AppContext, hub: &Hub, notice: Notice) -> AppResult<()> {
    let delivery = ctx.users.delivery(notice.user_id, notice.kind).await?;
    if !delivery.in_app && (!delivery.email || notice.mailed_by_source) {
        return Ok(());
    }
    let email = if delivery.email && !notice.mailed_by_source {
        ctx.users
            .summaries(&[notice.user_id])
            .await?
            .remove(&notice.user_id)
            .map(|u| u.email)
    } else {
        None
    };
    let now = kernel::clock::now();
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let stored = if delivery.in_app {
        Some(
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
            .insert(&txn)
            .await?,
        )
    } else {
        None
    };
    if let Some(to) = email {
        queue(
            &txn,
            Email {
                to,
                subject: notice.title.clone(),
                text: mail_text(ctx, &notice),
                html: None,
                unsubscribe: Some(ctx.unsubscribes.url(
                    &ctx.config.public_url,
                    notice.user_id,
                    notice.kind,
                )),
            },
        )
        .await?;
    }
    txn.commit().await?;
    if let Some(stored) = stored {
        let payload = serde_json::to_string(&Notification::from_entity(stored))
            .map_err(|e| kernel::AppError::Internal(e.into()))?;
        hub.publish(notice.user_id, payload).await;
    }
    Ok(())
}

/// Adds an e-mail to the outbox, for the worker to send.
pub async fn queue(db: &impl ConnectionTrait, email: Email) -> AppResult<()> {
    let now = kernel::clock::now();
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
    .insert(db)
    .await?;
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
