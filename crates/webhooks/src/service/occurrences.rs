//! What happened, as `app` tells it from the other crates' events: each occurrence becomes
//! one pending delivery per webhook subscribed to it, written in one statement, and the
//! worker is woken.

use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use super::{deliveries, endpoints, worker};
use crate::entity::{delivery, webhook};
use crate::enums::EventKind;
use crate::policy::{self, Scope};

/// Something webhooks may be told of.
#[derive(Debug, Clone, PartialEq)]
pub struct Occurrence {
    pub kind: EventKind,
    /// The working group it happened in, if any: that group's webhooks are told.
    pub group_id: Option<i64>,
    /// Whether anyone may know of it. Staff webhooks are told only of public occurrences
    /// (a private group's topic stays with that group's webhooks).
    pub public: bool,
    /// The event's `data`: ids, titles and links, never a member's personal data.
    pub data: Value,
}

/// Queues `occurrence` for every active webhook subscribed to it; returns how many.
pub async fn record(ctx: &AppContext, occurrence: Occurrence) -> AppResult<usize> {
    let mut audience = Condition::any();
    if occurrence.public {
        audience = audience.add(webhook::Column::GroupId.is_null());
    }
    if let Some(group) = occurrence.group_id {
        audience = audience.add(webhook::Column::GroupId.eq(group));
    }
    if audience.is_empty() {
        return Ok(0);
    }
    let subscribed: Vec<webhook::Model> = webhook::Entity::find()
        .filter(webhook::Column::Active.eq(true))
        .filter(audience)
        .all(&ctx.db)
        .await?
        .into_iter()
        .filter(|hook| {
            policy::may_subscribe(Scope::of(hook.group_id), occurrence.kind)
                && endpoints::kinds_of(hook).contains(&occurrence.kind)
        })
        .collect();
    if subscribed.is_empty() {
        return Ok(0);
    }
    let now = kernel::clock::now();
    let event_id = format!("evt_{}", uuid::Uuid::new_v4().simple());
    let payload = json!({
        "id": event_id,
        "type": occurrence.kind,
        "created_at": now,
        "data": occurrence.data,
    })
    .to_string();
    let rows = subscribed
        .iter()
        .map(|hook| deliveries::pending(hook.id, &event_id, occurrence.kind, payload.clone(), now));
    delivery::Entity::insert_many(rows).exec(&ctx.db).await?;
    worker::wake();
    Ok(subscribed.len())
}
