//! The staff console's learning chart: quiz attempts started and certificates issued per day.

use kernel::AppResult;
use kernel::stats::{Count, Period, per_day};
use sea_orm::{ConnectionTrait, EntityTrait};

use crate::entity::{attempt, certificate};

/// Attempts started and certificates issued per day.
pub async fn daily(db: &impl ConnectionTrait, period: Period) -> AppResult<(Vec<i64>, Vec<i64>)> {
    Ok((
        per_day(
            db,
            attempt::Entity::find(),
            attempt::Column::StartedAt,
            Count::Rows,
            period,
        )
        .await?,
        per_day(
            db,
            certificate::Entity::find(),
            certificate::Column::IssuedAt,
            Count::Rows,
            period,
        )
        .await?,
    ))
}
