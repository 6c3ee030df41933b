//! Setting up webhooks: who may (the policy), what they subscribe to, and where it goes
//! (`addresses`). Each change is an entry in the audit chain.

use std::borrow::Cow;

use audit::{self, Entry};
use chrono::{DateTime, Utc};
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use validator::ValidationError;

use super::{addresses, signing, worker};
use crate::entity::webhook;
use crate::enums::EventKind;
use crate::policy::{self, Scope};

pub const NO_EVENTS: &str = "Choose at least one event.";
pub const GROUP_EVENT: &str = "A working group's webhook takes only its group's events.";
pub const DELETED: &str = "The webhook was deleted.";

/// A webhook as its owners see it: never its secret, which is shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct Webhook {
    pub id: i64,
    /// The working group whose events it receives; `null` for the platform's.
    pub group_id: Option<i64>,
    pub url: String,
    pub events: Vec<EventKind>,
    /// Deliveries are sent only while it is on.
    pub active: bool,
    /// Failed attempts in a row; at 20 it is turned off.
    pub consecutive_failures: i32,
    /// When it was turned off after failing again and again; `null` otherwise.
    pub disabled_at: Option<DateTime<Utc>>,
    /// The start of its signing secret (`whsec_AbCd…`).
    pub secret_hint: String,
    pub created_at: DateTime<Utc>,
}

/// An event kind a webhook may take, with what it means.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventKindInfo {
    pub kind: EventKind,
    pub description: &'static str,
}

/// What may change on a webhook.
#[derive(Debug, Default)]
pub struct Change {
    pub url: Option<String>,
    pub events: Option<Vec<EventKind>>,
    /// `true` turns it back on (its failure count starts again); `false` pauses it.
    pub active: Option<bool>,
}

/// The event kinds `scope`'s webhooks take.
pub fn kinds(scope: Scope) -> Vec<EventKindInfo> {
    EventKind::ALL
        .iter()
        .filter(|k| policy::may_subscribe(scope, **k))
        .map(|k| EventKindInfo {
            kind: *k,
            description: k.description(),
        })
        .collect()
}

/// The scope's webhooks, oldest first.
pub async fn list(ctx: &AppContext, user: &CurrentUser, scope: Scope) -> AppResult<Vec<Webhook>> {
    authorize(ctx, user, scope).await?;
    let rows = in_scope(scope)
        .order_by_asc(webhook::Column::Id)
        .all(&ctx.db)
        .await?;
    Ok(rows.into_iter().map(view).collect())
}

/// Subscribes `url` to `events` in `scope`; the signing secret is returned this once.
pub async fn create(
    ctx: &AppContext,
    user: &CurrentUser,
    scope: Scope,
    url: &str,
    events: &[EventKind],
) -> AppResult<(String, Webhook)> {
    authorize(ctx, user, scope).await?;
    let url = checked_url(ctx, url).await?;
    check_events(scope, events)?;
    let secret = signing::new_secret();
    let txn = kernel::db::begin_write(&ctx.db).await?;
    if in_scope(scope).count(&txn).await? >= policy::MAX_PER_SCOPE {
        return Err(too_many());
    }
    let inserted = webhook::ActiveModel {
        created_by: Set(user.id),
        group_id: Set(group_of(scope)),
        url: Set(url),
        secret: Set(secret.clone()),
        events: Set(joined(events)),
        active: Set(true),
        consecutive_failures: Set(0),
        disabled_at: Set(None),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let entry = Entry::new(user.id, "webhook.create", "webhook", inserted.id).change(
        (),
        json!({"url": inserted.url, "events": inserted.events, "group_id": inserted.group_id}),
    );
    audit::append(&txn, entry).await?;
    txn.commit().await?;
    Ok((secret, view(inserted)))
}

/// Changes a webhook the caller manages.
pub async fn update(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    change: Change,
) -> AppResult<Webhook> {
    let found = managed(ctx, user, id).await?;
    let scope = Scope::of(found.group_id);
    let url = match &change.url {
        Some(url) => Some(checked_url(ctx, url).await?),
        None => None,
    };
    if let Some(events) = &change.events {
        check_events(scope, events)?;
    }
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let mut active: webhook::ActiveModel = found.clone().into();
    if let Some(url) = url {
        active.url = Set(url);
    }
    if let Some(events) = &change.events {
        active.events = Set(joined(events));
    }
    match change.active {
        Some(true) => {
            active.active = Set(true);
            active.consecutive_failures = Set(0);
            active.disabled_at = Set(None);
        }
        Some(false) => active.active = Set(false),
        None => {}
    }
    // Deleted meanwhile (a delete racing this change): not found, as after it.
    let saved = active.update(&txn).await.map_err(|e| match e {
        sea_orm::DbErr::RecordNotUpdated => AppError::not_found(),
        other => other.into(),
    })?;
    let entry = Entry::new(user.id, "webhook.update", "webhook", id).change(
        json!({"url": found.url, "events": found.events, "active": found.active}),
        json!({"url": saved.url, "events": saved.events, "active": saved.active}),
    );
    audit::append(&txn, entry).await?;
    if !saved.active {
        worker::give_up_pending(&txn, id, worker::PAUSED).await?;
    }
    txn.commit().await?;
    Ok(view(saved))
}

/// Deletes a webhook the caller manages, with its delivery log.
pub async fn delete(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<()> {
    let found = managed(ctx, user, id).await?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let gone = webhook::Entity::delete_by_id(id).exec(&txn).await?;
    if gone.rows_affected == 0 {
        return Err(AppError::not_found());
    }
    let entry = Entry::new(user.id, "webhook.delete", "webhook", id)
        .change(json!({"url": found.url, "events": found.events}), ());
    audit::append(&txn, entry).await?;
    txn.commit().await?;
    Ok(())
}

/// Webhook `id`, when the caller manages it; 404 otherwise (as if it did not exist).
pub async fn managed(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<webhook::Model> {
    let found = webhook::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    authorize(ctx, user, Scope::of(found.group_id)).await?;
    Ok(found)
}

/// 404 unless the caller may manage `scope`'s webhooks.
async fn authorize(ctx: &AppContext, user: &CurrentUser, scope: Scope) -> AppResult<()> {
    let owned = match scope {
        Scope::Platform => Vec::new(),
        Scope::Group(_) => ctx.groups.owned_by(user.id).await?,
    };
    if policy::may_manage(scope, user, &owned) {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// At least one event (the form's rule, checked with its other fields).
pub fn some_event(events: &[EventKind]) -> Result<(), ValidationError> {
    if events.is_empty() {
        return Err(ValidationError::new("events").with_message(Cow::Borrowed(NO_EVENTS)));
    }
    Ok(())
}

fn check_events(scope: Scope, events: &[EventKind]) -> AppResult<()> {
    some_event(events).map_err(|e| AppError::field("events", e.message.unwrap_or_default()))?;
    if !events.iter().all(|k| policy::may_subscribe(scope, *k)) {
        return Err(AppError::field("events", GROUP_EVENT));
    }
    Ok(())
}

/// The address, when the operator's rules let deliveries go there.
async fn checked_url(ctx: &AppContext, text: &str) -> AppResult<String> {
    let allowlist = &ctx.config.outbound_allowlist;
    let url = addresses::parse(text, allowlist).map_err(|m| AppError::field("url", m))?;
    addresses::resolve(&url, allowlist)
        .await
        .map_err(|m| AppError::field("url", m))?;
    Ok(url.into())
}

/// The 409 for a scope that has the most webhooks allowed.
pub fn too_many() -> AppError {
    AppError::conflict(
        "too_many_webhooks",
        format!(
            "There are {} webhooks here already. Delete one before you add another.",
            policy::MAX_PER_SCOPE
        ),
    )
}

fn in_scope(scope: Scope) -> sea_orm::Select<webhook::Entity> {
    let find = webhook::Entity::find();
    match scope {
        Scope::Platform => find.filter(webhook::Column::GroupId.is_null()),
        Scope::Group(id) => find.filter(webhook::Column::GroupId.eq(id)),
    }
}

fn group_of(scope: Scope) -> Option<i64> {
    match scope {
        Scope::Platform => None,
        Scope::Group(id) => Some(id),
    }
}

fn joined(events: &[EventKind]) -> String {
    let mut kinds: Vec<&str> = events.iter().map(|k| k.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds.join(" ")
}

/// The kinds a stored webhook takes, in the catalogue's order (an unknown word, from a kind
/// since retired, is skipped).
pub fn kinds_of(row: &webhook::Model) -> Vec<EventKind> {
    let words: Vec<&str> = row.events.split(' ').collect();
    EventKind::ALL
        .iter()
        .copied()
        .filter(|k| words.contains(&k.as_str()))
        .collect()
}

fn view(row: webhook::Model) -> Webhook {
    Webhook {
        id: row.id,
        group_id: row.group_id,
        events: kinds_of(&row),
        secret_hint: signing::hint(&row.secret),
        url: row.url,
        active: row.active,
        consecutive_failures: row.consecutive_failures,
        disabled_at: row.disabled_at,
        created_at: row.created_at,
    }
}
