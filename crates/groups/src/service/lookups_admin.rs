//! The staff console's lookups: project tags, group goals and industry-partner roles.
//! Entries in use by a group cannot be deleted; `other` (which asks members for free
//! text) keeps its slug and stays.

use std::collections::HashMap;

use audit::Decision;
use kernel::{AppContext, AppError, AppResult, Staff};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, QuerySelect, Set};
use serde_json::json;

use super::lookups::{self, Entry, OTHER};
use crate::entity::{
    group_goal, industry_partner_role, project_tag, working_group_goal, working_group_role,
    working_group_tag,
};
use crate::enums::LookupKind;
use crate::policy;

pub const SLUG_TAKEN: &str = "An entry with this address already exists.";
pub const OTHER_FIXED: &str =
    "The entry “other” asks members for their own words; it cannot be renamed away or deleted.";
pub const BAD_SLUG: &str = "Use lowercase letters, digits and hyphens only.";
pub const DELETED: &str = "The entry has been deleted.";

/// An entry that `uses` working groups still carry cannot be deleted.
pub fn entry_in_use(uses: u64) -> AppError {
    AppError::conflict(
        "in_use",
        format!(
            "{uses} working group{} use{} this entry; take it off them first.",
            if uses == 1 { "" } else { "s" },
            if uses == 1 { "s" } else { "" }
        ),
    )
}

/// Every entry of a lookup with how many groups use it (counted for all at once).
pub async fn list(db: &impl ConnectionTrait, kind: LookupKind) -> AppResult<Vec<(Entry, u64)>> {
    let entries = entries(db, kind).await?;
    let usage = usage(db, kind).await?;
    Ok(entries
        .into_iter()
        .map(|entry| {
            let uses = usage.get(&entry.id).copied().unwrap_or_default();
            (entry, uses)
        })
        .collect())
}

async fn entries(db: &impl ConnectionTrait, kind: LookupKind) -> AppResult<Vec<Entry>> {
    match kind {
        LookupKind::Tags => lookups::tags(db).await,
        LookupKind::Goals => lookups::goals(db).await,
        LookupKind::Roles => lookups::roles(db).await,
    }
}

/// How many groups use each entry (each group links to an entry once).
async fn usage(db: &impl ConnectionTrait, kind: LookupKind) -> AppResult<HashMap<i64, u64>> {
    let linked: Vec<i64> = match kind {
        LookupKind::Tags => {
            working_group_tag::Entity::find()
                .select_only()
                .column(working_group_tag::Column::TagId)
                .into_tuple()
                .all(db)
                .await?
        }
        LookupKind::Goals => {
            working_group_goal::Entity::find()
                .select_only()
                .column(working_group_goal::Column::GoalId)
                .into_tuple()
                .all(db)
                .await?
        }
        LookupKind::Roles => {
            working_group_role::Entity::find()
                .select_only()
                .column(working_group_role::Column::RoleId)
                .into_tuple()
                .all(db)
                .await?
        }
    };
    Ok(tally(linked))
}

fn tally(ids: impl IntoIterator<Item = i64>) -> HashMap<i64, u64> {
    let mut counts = HashMap::new();
    for id in ids {
        *counts.entry(id).or_default() += 1;
    }
    counts
}

/// How many groups use one entry.
async fn uses(db: &impl ConnectionTrait, kind: LookupKind, id: i64) -> AppResult<u64> {
    Ok(usage(db, kind).await?.get(&id).copied().unwrap_or_default())
}

macro_rules! save {
    ($entity:ident, $db:expr, $id:expr, $slug:expr, $title:expr) => {{
        let active = match $id {
            Some(id) => $entity::Entity::find_by_id(id)
                .one($db)
                .await?
                .ok_or_else(AppError::not_found)?
                .into(),
            None => <$entity::ActiveModel as Default>::default(),
        };
        let mut active: $entity::ActiveModel = active;
        active.slug = Set($slug);
        active.title = Set($title);
        sea_orm::TryIntoModel::try_into_model(active.save($db).await?)?.id
    }};
}

macro_rules! remove {
    ($entity:ident, $db:expr, $id:expr) => {
        $entity::Entity::delete_by_id($id).exec($db).await?
    };
}

/// Adds an entry (`id` none) or renames one.
pub async fn save(
    ctx: &AppContext,
    staff: &Staff,
    kind: LookupKind,
    id: Option<i64>,
    title: String,
    slug: Option<String>,
) -> AppResult<Entry> {
    let action = if id.is_some() {
        "lookup.update"
    } else {
        "lookup.create"
    };
    let decision = Decision::creating(&ctx.db, staff, action, kind.as_str()).await?;
    let all = entries(decision.db(), kind).await?;
    let current = match id {
        Some(id) => Some(
            all.iter()
                .find(|e| e.id == id)
                .cloned()
                .ok_or_else(AppError::not_found)?,
        ),
        None => None,
    };
    let slug = match slug.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) {
        Some(typed) if kernel::slug::is_valid_path(&typed) && !typed.contains('/') => typed,
        Some(_) => return Err(AppError::field("slug", BAD_SLUG)),
        None => current.as_ref().map_or_else(
            || kernel::slug::slugify(&title, "entry"),
            |c| c.slug.clone(),
        ),
    };
    if current
        .as_ref()
        .is_some_and(|c| !policy::may_rename_lookup(&c.slug, &slug))
    {
        return Err(AppError::field("slug", OTHER_FIXED));
    }
    if all.iter().any(|e| e.slug == slug && Some(e.id) != id) {
        return Err(AppError::field("slug", SLUG_TAKEN));
    }
    let title = title.trim().to_owned();
    let saved_id = match kind {
        LookupKind::Tags => save!(project_tag, decision.db(), id, slug.clone(), title.clone()),
        LookupKind::Goals => save!(group_goal, decision.db(), id, slug.clone(), title.clone()),
        LookupKind::Roles => save!(
            industry_partner_role,
            decision.db(),
            id,
            slug.clone(),
            title.clone()
        ),
    };
    let saved = Entry {
        id: saved_id,
        slug,
        title,
    };
    decision
        .on(saved.id)
        .commit(
            current.map(|c| json!({"slug": c.slug, "title": c.title})),
            json!({"slug": saved.slug, "title": saved.title}),
        )
        .await?;
    Ok(saved)
}

/// Deletes an entry no group uses.
pub async fn delete(ctx: &AppContext, staff: &Staff, kind: LookupKind, id: i64) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "lookup.delete", kind.as_str(), id).await?;
    let current = entries(decision.db(), kind)
        .await?
        .into_iter()
        .find(|e| e.id == id)
        .ok_or_else(AppError::not_found)?;
    if current.slug == OTHER {
        return Err(AppError::conflict("fixed_entry", OTHER_FIXED));
    }
    let uses = uses(decision.db(), kind, id).await?;
    if uses > 0 {
        return Err(entry_in_use(uses));
    }
    match kind {
        LookupKind::Tags => remove!(project_tag, decision.db(), id),
        LookupKind::Goals => remove!(group_goal, decision.db(), id),
        LookupKind::Roles => remove!(industry_partner_role, decision.db(), id),
    };
    decision
        .commit(json!({"slug": current.slug, "title": current.title}), ())
        .await
}
