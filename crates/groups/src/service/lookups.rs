//! Project tags and the goal and industry-partner-role lookups (seeded).

use std::collections::HashMap;

use kernel::AppResult;
use sea_orm::sea_query::{Alias, Expr, Iden, Order, Query, SelectStatement, UnionType};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::{group_goal, industry_partner_role, project_tag, working_group_tag};

/// One entry of a lookup: tags, goals and roles share this shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

/// The slug that asks for a free-text value instead.
pub const OTHER: &str = "other";

macro_rules! entries {
    ($entity:ident, $db:expr) => {
        $entity::Entity::find()
            .order_by_asc($entity::Column::Id)
            .all($db)
            .await?
            .into_iter()
            .map(|m| Entry {
                id: m.id,
                slug: m.slug,
                title: m.title,
            })
            .collect::<Vec<_>>()
    };
}

pub async fn tags(db: &impl ConnectionTrait) -> AppResult<Vec<Entry>> {
    Ok(entries!(project_tag, db))
}

pub async fn goals(db: &impl ConnectionTrait) -> AppResult<Vec<Entry>> {
    Ok(entries!(group_goal, db))
}

pub async fn roles(db: &impl ConnectionTrait) -> AppResult<Vec<Entry>> {
    Ok(entries!(industry_partner_role, db))
}

/// The three lookups a group's page names entries of.
#[derive(Debug, Default)]
pub struct Lookups {
    pub tags: Vec<Entry>,
    pub goals: Vec<Entry>,
    pub roles: Vec<Entry>,
}

/// All three lookups in one statement (`UNION ALL` of the three tables).
pub async fn all(db: &impl ConnectionTrait) -> AppResult<Lookups> {
    fn part<T: Iden + 'static>(table: T, kind: i32) -> SelectStatement {
        Query::select()
            .expr_as(Expr::val(kind), Alias::new("kind"))
            .columns([Alias::new("id"), Alias::new("slug"), Alias::new("title")])
            .from(table)
            .to_owned()
    }
    let query = part(project_tag::Entity, 0)
        .union(UnionType::All, part(group_goal::Entity, 1))
        .union(UnionType::All, part(industry_partner_role::Entity, 2))
        .order_by(Alias::new("kind"), Order::Asc)
        .order_by(Alias::new("id"), Order::Asc)
        .to_owned();
    let rows = db.query_all(&query).await?;
    let mut lookups = Lookups::default();
    for row in rows {
        let entry = Entry {
            id: row.try_get("", "id")?,
            slug: row.try_get("", "slug")?,
            title: row.try_get("", "title")?,
        };
        match row.try_get::<i32>("", "kind")? {
            0 => lookups.tags.push(entry),
            1 => lookups.goals.push(entry),
            _ => lookups.roles.push(entry),
        }
    }
    Ok(lookups)
}

/// The tags of each group, in tag order (links and tags joined, one statement).
pub async fn tags_of(
    db: &impl ConnectionTrait,
    group_ids: &[i64],
) -> AppResult<HashMap<i64, Vec<Entry>>> {
    let mut out: HashMap<i64, Vec<Entry>> = HashMap::new();
    if group_ids.is_empty() {
        return Ok(out);
    }
    let links = working_group_tag::Entity::find()
        .filter(working_group_tag::Column::GroupId.is_in(group_ids.to_vec()))
        .find_also_related(project_tag::Entity)
        .order_by_asc(working_group_tag::Column::TagId)
        .all(db)
        .await?;
    for (link, tag) in links {
        if let Some(tag) = tag {
            out.entry(link.group_id).or_default().push(Entry {
                id: tag.id,
                slug: tag.slug,
                title: tag.title,
            });
        }
    }
    Ok(out)
}

/// The entries named by `ids`, in lookup order; unknown ids are dropped.
pub fn pick(all: &[Entry], ids: &[i64]) -> Vec<Entry> {
    all.iter()
        .filter(|e| ids.contains(&e.id))
        .cloned()
        .collect()
}
