//! How many feed items each audience sees, kept as items are recorded: a member's feed is
//! counted from a handful of rows, never from every item.

use std::collections::HashMap;

use kernel::AppResult;
use sea_orm::sea_query::{Expr, ExprTrait, Func, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set};

use crate::entity::{feed_count, feed_item};

const PUBLIC: &str = "public";

fn group_scope(group_id: i64) -> String {
    format!("group:{group_id}")
}

/// The audience of an item: everyone, or its group's members.
pub fn scope_of(is_public: bool, group_id: Option<i64>) -> Option<String> {
    match (is_public, group_id) {
        (true, _) => Some(PUBLIC.to_owned()),
        (false, Some(group)) => Some(group_scope(group)),
        // An item for nobody is shown to nobody and counted nowhere.
        (false, None) => None,
    }
}

/// Adds `delta` items to an audience.
pub async fn add(db: &impl ConnectionTrait, scope: String, delta: i64) -> AppResult<()> {
    feed_count::Entity::insert(feed_count::ActiveModel {
        scope: Set(scope),
        items: Set(delta),
    })
    .on_conflict(
        OnConflict::column(feed_count::Column::Scope)
            .value(
                feed_count::Column::Items,
                Expr::col((feed_count::Entity, feed_count::Column::Items)).add(delta),
            )
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// How many items a member of `groups` sees in the unfiltered feed.
pub async fn visible(db: &impl ConnectionTrait, groups: &[i64]) -> AppResult<u64> {
    let mut scopes: Vec<String> = groups.iter().map(|&g| group_scope(g)).collect();
    scopes.push(PUBLIC.to_owned());
    let total: Option<i64> = feed_count::Entity::find()
        .select_only()
        // SUM of a BIGINT is NUMERIC on PostgreSQL: read back as one.
        .column_as(
            Expr::expr(Func::sum(Expr::col(feed_count::Column::Items))).cast_as("BIGINT"),
            "total",
        )
        .filter(feed_count::Column::Scope.is_in(scopes))
        .into_tuple()
        .one(db)
        .await?
        .flatten();
    Ok(u64::try_from(total.unwrap_or_default()).unwrap_or_default())
}

/// Counts every audience again from the items (after items were written in bulk).
pub async fn recount(db: &impl ConnectionTrait) -> AppResult<()> {
    feed_count::Entity::delete_many().exec(db).await?;
    let rows: Vec<(bool, Option<i64>, i64)> = feed_item::Entity::find()
        .select_only()
        .column(feed_item::Column::IsPublic)
        .column(feed_item::Column::GroupId)
        .column_as(feed_item::Column::Id.count(), "items")
        .group_by(feed_item::Column::IsPublic)
        .group_by(feed_item::Column::GroupId)
        .into_tuple()
        .all(db)
        .await?;
    let mut counts: HashMap<String, i64> = HashMap::new();
    for (is_public, group, items) in rows {
        if let Some(scope) = scope_of(is_public, group) {
            *counts.entry(scope).or_default() += items;
        }
    }
    let rows = counts
        .into_iter()
        .map(|(scope, items)| feed_count::ActiveModel {
            scope: Set(scope),
            items: Set(items),
        })
        .collect();
    kernel::db::insert_batched(db, rows).await?;
    Ok(())
}
