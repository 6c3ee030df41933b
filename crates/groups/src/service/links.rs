//! A group's links to the lookups it chose: topics (tags), goals and industry-partner roles,
//! one link table each, so entries are counted and joined like any row.

use sea_orm::sea_query::{Alias, Expr, ExprTrait, IntoIden, Query, SelectStatement, UnionType};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use kernel::AppResult;

use crate::entity::{working_group_goal, working_group_role, working_group_tag};

/// The entries a group links to, by id, in id order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Links {
    pub tags: Vec<i64>,
    pub goals: Vec<i64>,
    pub roles: Vec<i64>,
}

/// All three lists in one statement (a `UNION ALL` of the link tables).
pub async fn of(db: &impl ConnectionTrait, group_id: i64) -> AppResult<Links> {
    fn linked(
        kind: &str,
        table: impl IntoIden,
        group: impl IntoIden + Copy,
        entry: impl IntoIden,
        group_id: i64,
    ) -> SelectStatement {
        Query::select()
            .expr_as(Expr::val(kind.to_owned()), Alias::new("kind"))
            .expr_as(Expr::col(entry), Alias::new("entry"))
            .from(table)
            .and_where(Expr::col(group).eq(group_id))
            .to_owned()
    }
    let query = linked(
        "tag",
        working_group_tag::Entity,
        working_group_tag::Column::GroupId,
        working_group_tag::Column::TagId,
        group_id,
    )
    .union(
        UnionType::All,
        linked(
            "goal",
            working_group_goal::Entity,
            working_group_goal::Column::GroupId,
            working_group_goal::Column::GoalId,
            group_id,
        ),
    )
    .union(
        UnionType::All,
        linked(
            "role",
            working_group_role::Entity,
            working_group_role::Column::GroupId,
            working_group_role::Column::RoleId,
            group_id,
        ),
    )
    .to_owned();
    let mut links = Links::default();
    for row in db.query_all(&query).await? {
        let kind: String = row.try_get("", "kind")?;
        let entry: i64 = row.try_get("", "entry")?;
        match kind.as_str() {
            "tag" => links.tags.push(entry),
            "goal" => links.goals.push(entry),
            _ => links.roles.push(entry),
        }
    }
    for ids in [&mut links.tags, &mut links.goals, &mut links.roles] {
        ids.sort_unstable();
    }
    Ok(links)
}

/// Makes the group link to exactly `links` (each entry once).
pub async fn replace(db: &impl ConnectionTrait, group_id: i64, links: &Links) -> AppResult<()> {
    working_group_tag::Entity::delete_many()
        .filter(working_group_tag::Column::GroupId.eq(group_id))
        .exec(db)
        .await?;
    working_group_goal::Entity::delete_many()
        .filter(working_group_goal::Column::GroupId.eq(group_id))
        .exec(db)
        .await?;
    working_group_role::Entity::delete_many()
        .filter(working_group_role::Column::GroupId.eq(group_id))
        .exec(db)
        .await?;
    for tag_id in distinct(&links.tags) {
        working_group_tag::ActiveModel {
            group_id: Set(group_id),
            tag_id: Set(tag_id),
        }
        .insert(db)
        .await?;
    }
    for goal_id in distinct(&links.goals) {
        working_group_goal::ActiveModel {
            group_id: Set(group_id),
            goal_id: Set(goal_id),
        }
        .insert(db)
        .await?;
    }
    for role_id in distinct(&links.roles) {
        working_group_role::ActiveModel {
            group_id: Set(group_id),
            role_id: Set(role_id),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

fn distinct(ids: &[i64]) -> std::collections::BTreeSet<i64> {
    ids.iter().copied().collect()
}
