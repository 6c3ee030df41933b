//! How many conversations a member may start in a day (`policy::starts_per_day`), counted
//! on the member's row by conditional updates inside the start's transaction: starts fired
//! at once queue on the row, so the last allowed one is taken once, and a start that fails
//! later gives its place back with the rollback.

use chrono::{DateTime, Duration, Utc};
use kernel::rate_limit::standing::RETRY_AFTER_SECONDS;
use kernel::{AppError, AppResult};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::entity::quota;

/// The length of a quota's window.
const WINDOW_HOURS: i64 = 24;

/// The 429 of a member who started all the conversations they may today.
pub fn spent(limit: i32, window_started_at: DateTime<Utc>, now: DateTime<Utc>) -> AppError {
    let left = (window_started_at + Duration::hours(WINDOW_HOURS) - now).num_seconds();
    let wait = Ord::max(left, 1);
    AppError::client(
        actix_web::http::StatusCode::TOO_MANY_REQUESTS,
        "conversation_quota",
        format!(
            "You can start {limit} new conversations a day. Write in one you have, or try again tomorrow."
        ),
    )
    .with_extra(RETRY_AFTER_SECONDS, wait)
}

/// Takes one start from `user_id`'s quota of `limit` a day; 429 when none is left.
pub async fn take(
    db: &impl ConnectionTrait,
    user_id: i64,
    limit: i32,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let opened = quota::ActiveModel {
        user_id: Set(user_id),
        window_started_at: Set(now),
        started: Set(0),
    };
    quota::Entity::insert(opened)
        .on_conflict(
            OnConflict::column(quota::Column::UserId)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    // A window a day old starts again (a racing start that reopened it first wins).
    quota::Entity::update_many()
        .col_expr(quota::Column::WindowStartedAt, Expr::value(now))
        .col_expr(quota::Column::Started, Expr::value(0))
        .filter(quota::Column::UserId.eq(user_id))
        .filter(quota::Column::WindowStartedAt.lte(now - Duration::hours(WINDOW_HOURS)))
        .exec(db)
        .await?;
    let taken = quota::Entity::update_many()
        .col_expr(
            quota::Column::Started,
            Expr::col(quota::Column::Started).add(1),
        )
        .filter(quota::Column::UserId.eq(user_id))
        .filter(quota::Column::Started.lt(limit))
        .exec(db)
        .await?
        .rows_affected;
    if taken == 1 {
        return Ok(());
    }
    let window = quota::Entity::find_by_id(user_id)
        .one(db)
        .await?
        .map_or(now, |row| row.window_started_at);
    Err(spent(limit, window, now))
}
