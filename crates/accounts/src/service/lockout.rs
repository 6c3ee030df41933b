//! The sign-in failure budget of an account, changed only by single atomic statements: a
//! read-modify-write lost parallel failures (40 parallel guesses left the count at 2).

use chrono::{DateTime, Utc};
use kernel::AppResult;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::entity::user;

/// Consecutive failures that lock an account, and for how long.
pub const LOCK_AFTER_FAILURES: i32 = 10;
pub const LOCK_MINUTES: i64 = 10;

/// The count after a claimed attempt, and the lock when this attempt started it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claimed {
    pub failure_count: i32,
    pub locked_until: Option<DateTime<Utc>>,
}

impl Claimed {
    /// True for the attempt that used the last one left.
    pub fn starts_lock(&self) -> bool {
        self.locked_until.is_some()
    }
}

/// Counts one attempt while the budget lasts; the attempt that reaches
/// [`LOCK_AFTER_FAILURES`] also locks the account until `until`. `None` when the budget
/// is spent (another attempt took the last one).
pub async fn claim(
    db: &impl ConnectionTrait,
    user_id: i64,
    until: DateTime<Utc>,
) -> AppResult<Option<Claimed>> {
    let next = Expr::col(user::Column::FailureCount).add(1);
    let lock = Expr::case(next.clone().gte(LOCK_AFTER_FAILURES), Expr::value(until))
        .finally(Expr::col(user::Column::LockedUntil));
    let updated = user::Entity::update_many()
        .col_expr(user::Column::FailureCount, next)
        .col_expr(user::Column::LockedUntil, lock.into())
        .filter(user::Column::Id.eq(user_id))
        .filter(user::Column::FailureCount.lt(LOCK_AFTER_FAILURES))
        .exec_with_returning(db)
        .await?;
    Ok(updated.into_iter().next().map(|u| Claimed {
        failure_count: u.failure_count,
        locked_until: (u.failure_count >= LOCK_AFTER_FAILURES)
            .then_some(u.locked_until)
            .flatten(),
    }))
}

/// Starts the count afresh (a right password, an unlock link, a reset).
pub async fn reset(db: &impl ConnectionTrait, user_id: i64) -> AppResult<()> {
    user::Entity::update_many()
        .col_expr(user::Column::FailureCount, Expr::value(0))
        .col_expr(
            user::Column::LockedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .filter(user::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// A lock that has run out starts the count afresh, once: only while it is still the
/// lock that ran out, so attempts claimed since are not forgotten.
pub async fn clear_expired(
    db: &impl ConnectionTrait,
    user_id: i64,
    now: DateTime<Utc>,
) -> AppResult<()> {
    user::Entity::update_many()
        .col_expr(user::Column::FailureCount, Expr::value(0))
        .col_expr(
            user::Column::LockedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .filter(user::Column::Id.eq(user_id))
        .filter(user::Column::LockedUntil.lte(now))
        .exec(db)
        .await?;
    Ok(())
}
