//! Which meetings a member sees: a host's coming ones, and those of all their hosts.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entity::meeting;
use crate::enums::HostType;
use crate::host::{Hosts, Standing};
use crate::policy;
use crate::read::{self, Batch, Meeting};

/// The most meetings a list shows.
pub const LISTED: u64 = 50;

/// The coming meetings (not ended, not cancelled) of host `kind` `id`, soonest first; 404
/// for those who are not its members.
pub async fn of_host(
    ctx: &AppContext,
    hosts: &Hosts,
    user: &CurrentUser,
    kind: HostType,
    id: i64,
) -> AppResult<Vec<Meeting>> {
    let standing = hosts.get(kind)?.standing(id, user).await?;
    if !policy::may_see(standing) {
        return Err(AppError::not_found());
    }
    let now = kernel::clock::now();
    let rows = meeting::Entity::find()
        .filter(meeting::Column::HostType.eq(kind))
        .filter(meeting::Column::HostId.eq(id))
        .filter(meeting::Column::CancelledAt.is_null())
        .filter(meeting::Column::EndsAt.gt(now))
        .order_by_asc(meeting::Column::StartsAt)
        .limit(LISTED)
        .all(&ctx.db)
        .await?;
    let standings = HashMap::from([((kind, id), standing.unwrap_or_default())]);
    read::meetings(ctx, hosts, user.id, Batch { rows, standings }).await
}

/// The meetings of every host `user_id` is a member of, from `since`, soonest first (a
/// cancelled one too when `with_cancelled`, so a calendar crosses it out).
pub async fn of_member(
    ctx: &AppContext,
    hosts: &Hosts,
    user_id: i64,
    since: DateTime<Utc>,
    with_cancelled: bool,
) -> AppResult<Vec<Meeting>> {
    let mut theirs = Condition::any();
    let mut standings = HashMap::new();
    for (kind, host) in hosts.all() {
        let ids = host.hosts_of(user_id).await?;
        for id in &ids {
            standings.insert(
                (kind, *id),
                Standing {
                    member: true,
                    manage: false,
                },
            );
        }
        theirs = theirs.add(
            Condition::all()
                .add(meeting::Column::HostType.eq(kind))
                .add(meeting::Column::HostId.is_in(ids)),
        );
    }
    let mut select = meeting::Entity::find()
        .filter(theirs)
        .filter(meeting::Column::EndsAt.gt(since));
    if !with_cancelled {
        select = select.filter(meeting::Column::CancelledAt.is_null());
    }
    let rows = select
        .order_by_asc(meeting::Column::StartsAt)
        .limit(LISTED)
        .all(&ctx.db)
        .await?;
    read::meetings(ctx, hosts, user_id, Batch { rows, standings }).await
}

/// Meeting `id` and where `user` stands with its host: 404 unless they see its events.
pub async fn seen(
    ctx: &AppContext,
    hosts: &Hosts,
    user: &CurrentUser,
    id: i64,
) -> AppResult<(meeting::Model, Option<Standing>)> {
    let found = meeting::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let standing = hosts
        .get(found.host_type)?
        .standing(found.host_id, user)
        .await?;
    if !policy::may_see(standing) {
        return Err(AppError::not_found());
    }
    Ok((found, standing))
}

/// Meeting `id` as `user` reads it (404 unless they are a member of its host).
pub async fn one(
    ctx: &AppContext,
    hosts: &Hosts,
    user: &CurrentUser,
    id: i64,
) -> AppResult<Meeting> {
    let (found, standing) = seen(ctx, hosts, user, id).await?;
    let standings = HashMap::from([(
        (found.host_type, found.host_id),
        standing.unwrap_or_default(),
    )]);
    let mut shown = read::meetings(
        ctx,
        hosts,
        user.id,
        Batch {
            rows: vec![found],
            standings,
        },
    )
    .await?;
    shown.pop().ok_or_else(AppError::not_found)
}
