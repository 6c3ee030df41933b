//! Scheduling, changing and cancelling meetings: owners and moderators of the host only.
//! A change or a cancellation is a conditional update on a meeting still to come, so one
//! racing its end (or another cancellation) is refused, not applied twice.

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::entity::meeting;
use crate::enums::HostType;
use crate::host::{Hosts, Standing};
use crate::policy;

/// A meeting as its form sends it, parsed.
#[derive(Debug, Clone)]
pub struct Draft {
    pub title: String,
    pub description: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub time_zone: String,
    pub online_url: Option<String>,
    pub place: Option<String>,
}

impl Draft {
    /// The draft's own errors: its times, and that it is held somewhere.
    fn check(&self, now: DateTime<Utc>) -> AppResult<()> {
        if let Some((field, text)) = policy::times(self.starts_at, self.ends_at, now) {
            return Err(AppError::field(field, text));
        }
        if self.online_url.is_none() && self.place.is_none() {
            return Err(AppError::field("place", policy::NOWHERE));
        }
        Ok(())
    }
}

/// Where `user` stands with host `kind` `id`: 404 when it is not there for them, 403 unless
/// they manage its events.
pub async fn managing(
    hosts: &Hosts,
    user: &CurrentUser,
    kind: HostType,
    id: i64,
) -> AppResult<Standing> {
    let standing = hosts.get(kind)?.standing(id, user).await?;
    if !policy::may_see(standing) && !policy::may_manage(standing) {
        return Err(AppError::not_found());
    }
    if !policy::may_manage(standing) {
        return Err(AppError::client(
            actix_web::http::StatusCode::FORBIDDEN,
            "may_not_schedule",
            policy::NOT_A_MANAGER,
        ));
    }
    Ok(standing.unwrap_or_default())
}

/// Schedules `draft` at host `kind` `id` as `user`.
pub async fn create(
    ctx: &AppContext,
    hosts: &Hosts,
    user: &CurrentUser,
    kind: HostType,
    host_id: i64,
    draft: Draft,
) -> AppResult<meeting::Model> {
    managing(hosts, user, kind, host_id).await?;
    let now = kernel::clock::now();
    draft.check(now)?;
    Ok(meeting::ActiveModel {
        host_type: Set(kind),
        host_id: Set(host_id),
        title: Set(draft.title),
        description: Set(draft.description),
        starts_at: Set(draft.starts_at),
        ends_at: Set(draft.ends_at),
        time_zone: Set(draft.time_zone),
        online_url: Set(draft.online_url),
        place: Set(draft.place),
        created_by_id: Set(user.id),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&ctx.db)
    .await?)
}

/// Meeting `id`, which `user` manages.
async fn managed(
    ctx: &AppContext,
    hosts: &Hosts,
    user: &CurrentUser,
    id: i64,
) -> AppResult<meeting::Model> {
    let found = meeting::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    managing(hosts, user, found.host_type, found.host_id).await?;
    Ok(found)
}

/// The 409 of a change to a meeting that ended or was cancelled.
pub fn over() -> AppError {
    AppError::conflict("meeting_over", policy::OVER)
}

/// Changes meeting `id` to `draft`, while it is still to come and not cancelled.
pub async fn update(
    ctx: &AppContext,
    hosts: &Hosts,
    user: &CurrentUser,
    id: i64,
    draft: Draft,
) -> AppResult<meeting::Model> {
    managed(ctx, hosts, user, id).await?;
    let now = kernel::clock::now();
    draft.check(now)?;
    let changed = meeting::Entity::update_many()
        .col_expr(meeting::Column::Title, Expr::value(draft.title))
        .col_expr(meeting::Column::Description, Expr::value(draft.description))
        .col_expr(meeting::Column::StartsAt, Expr::value(draft.starts_at))
        .col_expr(meeting::Column::EndsAt, Expr::value(draft.ends_at))
        .col_expr(meeting::Column::TimeZone, Expr::value(draft.time_zone))
        .col_expr(meeting::Column::OnlineUrl, Expr::value(draft.online_url))
        .col_expr(meeting::Column::Place, Expr::value(draft.place))
        .filter(meeting::Column::Id.eq(id))
        .filter(meeting::Column::CancelledAt.is_null())
        .filter(meeting::Column::EndsAt.gt(now))
        .exec(&ctx.db)
        .await?;
    if changed.rows_affected == 0 {
        return Err(over());
    }
    meeting::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Cancels meeting `id` (once: cancelling a cancelled or ended meeting is refused).
pub async fn cancel(ctx: &AppContext, hosts: &Hosts, user: &CurrentUser, id: i64) -> AppResult<()> {
    managed(ctx, hosts, user, id).await?;
    let now = kernel::clock::now();
    let cancelled = meeting::Entity::update_many()
        .col_expr(meeting::Column::CancelledAt, Expr::value(Some(now)))
        .filter(meeting::Column::Id.eq(id))
        .filter(meeting::Column::CancelledAt.is_null())
        .filter(meeting::Column::EndsAt.gt(now))
        .exec(&ctx.db)
        .await?;
    if cancelled.rows_affected == 0 {
        return Err(over());
    }
    Ok(())
}
