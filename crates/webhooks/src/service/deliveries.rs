//! A webhook's delivery log, and redelivering one by hand.

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use utoipa::ToSchema;

use super::{endpoints, worker};
use crate::entity::delivery;
use crate::enums::{DeliveryStatus, EventKind};

/// Deliveries per page of the log.
const PER_PAGE: u64 = 20;

pub const TURNED_OFF: &str = "Turn the webhook on before you redeliver.";

/// One delivery as the log shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Delivery {
    pub id: i64,
    /// The event's id; a redelivery carries the same one.
    pub event_id: String,
    pub event_kind: EventKind,
    pub status: DeliveryStatus,
    pub attempts: i32,
    /// When the next attempt is due, while it is pending.
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// The receiver's last HTTP status; `null` when no answer came.
    pub response_status: Option<i32>,
    /// The start of the receiver's last answer (2 KB at most).
    pub response_body: Option<String>,
    /// Why the last attempt failed when no answer came.
    pub error: Option<String>,
    /// The JSON body sent, exactly as signed.
    pub payload: String,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// A page of webhook `id`'s deliveries, newest first.
pub async fn list(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    params: &PageParams,
) -> AppResult<Page<Delivery>> {
    endpoints::managed(ctx, user, id).await?;
    let select = delivery::Entity::find()
        .filter(delivery::Column::WebhookId.eq(id))
        .order_by_desc(delivery::Column::Id);
    Ok(
        kernel::pagination::paginate(&ctx.db, select, params, PER_PAGE)
            .await?
            .map(view),
    )
}

/// Sends delivery `delivery_id` of webhook `id` again, as a new delivery of the same event
/// (its id unchanged, so a receiver that has it already can tell).
pub async fn redeliver(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    delivery_id: i64,
) -> AppResult<Delivery> {
    let hook = endpoints::managed(ctx, user, id).await?;
    if !hook.active {
        return Err(turned_off());
    }
    let original = delivery::Entity::find_by_id(delivery_id)
        .filter(delivery::Column::WebhookId.eq(id))
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let now = kernel::clock::now();
    let again = pending(
        id,
        &original.event_id,
        original.event_kind,
        original.payload,
        now,
    )
    .insert(&ctx.db)
    .await?;
    worker::wake();
    Ok(view(again))
}

/// The 409 for a redelivery while the webhook is off.
pub fn turned_off() -> AppError {
    AppError::conflict("webhook_off", TURNED_OFF)
}

/// A new delivery of an event to webhook `webhook_id`, due now.
pub fn pending(
    webhook_id: i64,
    event_id: &str,
    kind: EventKind,
    payload: String,
    now: DateTime<Utc>,
) -> delivery::ActiveModel {
    delivery::ActiveModel {
        webhook_id: Set(webhook_id),
        event_id: Set(event_id.to_owned()),
        event_kind: Set(kind),
        payload: Set(payload),
        status: Set(DeliveryStatus::Pending),
        attempts: Set(0),
        next_attempt_at: Set(now),
        locked_until: Set(None),
        response_status: Set(None),
        response_body: Set(None),
        error: Set(None),
        created_at: Set(now),
        delivered_at: Set(None),
        ..Default::default()
    }
}

fn view(row: delivery::Model) -> Delivery {
    Delivery {
        id: row.id,
        event_id: row.event_id,
        event_kind: row.event_kind,
        next_attempt_at: (row.status == DeliveryStatus::Pending).then_some(row.next_attempt_at),
        status: row.status,
        attempts: row.attempts,
        response_status: row.response_status,
        response_body: row.response_body,
        error: row.error,
        payload: row.payload,
        created_at: row.created_at,
        delivered_at: row.delivered_at,
    }
}
