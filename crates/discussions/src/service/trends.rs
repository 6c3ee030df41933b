//! Topics and replies written per day: everywhere for the staff console's chart, in one
//! place (a group, say) for the chart of the people who run it.

use kernel::AppResult;
use kernel::stats::{Count, Period, per_day};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Select};

use crate::entity::post;
use crate::enums::TopicType;

/// Topics and replies written per day (deleted ones included: they were written).
pub async fn daily(db: &impl ConnectionTrait, period: Period) -> AppResult<(Vec<i64>, Vec<i64>)> {
    topics_and_replies(db, post::Entity::find(), period).await
}

/// The same, of the discussions of one target (a group, a blog post, a project).
pub async fn daily_in(
    db: &impl ConnectionTrait,
    target_type: TopicType,
    target_id: i64,
    period: Period,
) -> AppResult<(Vec<i64>, Vec<i64>)> {
    let of_target = post::Entity::find()
        .filter(post::Column::TargetType.eq(target_type))
        .filter(post::Column::TargetId.eq(target_id));
    topics_and_replies(db, of_target, period).await
}

async fn topics_and_replies(
    db: &impl ConnectionTrait,
    posts: Select<post::Entity>,
    period: Period,
) -> AppResult<(Vec<i64>, Vec<i64>)> {
    let written = |topics: bool| {
        posts.clone().filter(if topics {
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
