//! The staff console's discussion chart: topics and replies written per day, everywhere.

use kernel::AppResult;
use kernel::stats::{Count, Period, per_day};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::entity::post;

/// Topics and replies written per day (deleted ones included: they were written).
pub async fn daily(db: &impl ConnectionTrait, period: Period) -> AppResult<(Vec<i64>, Vec<i64>)> {
    let written = |topics: bool| {
        post::Entity::find().filter(if topics {
            post::Column::TopicId.is_null()
        } else {
            post::Column::TopicId.is_not_null()
        })
    };
    let at = post::Column::CreatedAt;
    Ok((
        per_day(db, written(true), at, Count::Rows, period).await?,
        per_day(db, written(false), at, Count::Rows, period).await?,
    ))
}
