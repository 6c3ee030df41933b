//! A group's activity over time, for its owner and moderators: members who joined and
//! members who opened the updates, per UTC day (the discussions crate counts the posts).

use kernel::stats::{Count, Period, day_key, per_day};
use kernel::{AppError, AppResult, CurrentUser};
use sea_orm::sea_query::{Asterisk, Expr, Func, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set};

use crate::entity::{member, update_view};
use crate::policy;
use crate::service::detail;

/// The group's id, when `user` may see its activity (its owner or a moderator); 403 for
/// its other members, 404 for anyone the group is hidden from.
pub async fn curated(db: &impl ConnectionTrait, user: &CurrentUser, slug: &str) -> AppResult<i64> {
    let viewed = detail::by_slug(db, slug, Some(user)).await?;
    if !policy::may_see_activity(viewed.role) {
        return Err(AppError::forbidden());
    }
    Ok(viewed.group.id)
}

/// Members who joined on each day of `period` (the owner on the day the group was made).
pub async fn joined_per_day(
    db: &impl ConnectionTrait,
    group_id: i64,
    period: Period,
) -> AppResult<Vec<i64>> {
    per_day(
        db,
        member::Entity::find().filter(member::Column::GroupId.eq(group_id)),
        member::Column::CreatedAt,
        Count::Rows,
        period,
    )
    .await
}

/// Different members who opened the group's updates on each day of `period`.
pub async fn update_viewers_per_day(
    db: &impl ConnectionTrait,
    group_id: i64,
    period: Period,
) -> AppResult<Vec<i64>> {
    let rows: Vec<(String, i64)> = update_view::Entity::find()
        .select_only()
        .column(update_view::Column::Day)
        .column_as(SimpleExpr::from(Func::count(Expr::col(Asterisk))), "n")
        .filter(update_view::Column::GroupId.eq(group_id))
        .filter(update_view::Column::Day.gte(day_key(period.first_day)))
        .group_by(update_view::Column::Day)
        .into_tuple()
        .all(db)
        .await?;
    Ok(period.fill(rows))
}

/// Notes that `user_id` opened the group's updates today (once a day, however often).
pub async fn saw_updates(db: &impl ConnectionTrait, group_id: i64, user_id: i64) -> AppResult<()> {
    update_view::Entity::insert(update_view::ActiveModel {
        group_id: Set(group_id),
        day: Set(day_key(kernel::clock::now().date_naive())),
        user_id: Set(user_id),
    })
    .on_conflict_do_nothing_on([
        update_view::Column::GroupId,
        update_view::Column::Day,
        update_view::Column::UserId,
    ])
    .exec(db)
    .await?;
    Ok(())
}
