//! Project tags and the goal and industry-partner-role lookups (seeded).

use std::collections::HashMap;

use kernel::AppResult;
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

/// The tags of each group, in tag order.
pub async fn tags_of(
    db: &impl ConnectionTrait,
    group_ids: &[i64],
) -> AppResult<HashMap<i64, Vec<Entry>>> {
    let links = working_group_tag::Entity::find()
        .filter(working_group_tag::Column::GroupId.is_in(group_ids.to_vec()))
        .all(db)
        .await?;
    let all: HashMap<i64, Entry> = tags(db).await?.into_iter().map(|t| (t.id, t)).collect();
    let mut out: HashMap<i64, Vec<Entry>> = HashMap::new();
    for link in links {
        if let Some(tag) = all.get(&link.tag_id) {
            out.entry(link.group_id).or_default().push(tag.clone());
        }
    }
    for list in out.values_mut() {
        list.sort_by_key(|t| t.id);
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
