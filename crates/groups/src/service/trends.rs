//! The staff console's group chart: working groups started per day.

use kernel::AppResult;
use kernel::stats::{Count, Period, per_day};
use sea_orm::{ConnectionTrait, EntityTrait};

use crate::entity::working_group;

/// Working groups made per day (drafts included: the day someone started one).
pub async fn created_per_day(db: &impl ConnectionTrait, period: Period) -> AppResult<Vec<i64>> {
    per_day(
        db,
        working_group::Entity::find(),
        working_group::Column::CreatedAt,
        Count::Rows,
        period,
    )
    .await
}
