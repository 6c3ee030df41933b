//! Unique, readable addresses for groups: `/working-groups/{slug}`.

use kernel::AppResult;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

use crate::entity::working_group;

/// The title's slug, numbered (`-2`, `-3`, …) when another group has it.
pub async fn unique(db: &impl ConnectionTrait, title: &str) -> AppResult<String> {
    let base = kernel::slug::slugify(title, "group");
    let mut candidate = base.clone();
    for n in 2.. {
        let taken = working_group::Entity::find()
            .filter(working_group::Column::Slug.eq(&candidate))
            .count(db)
            .await?
            > 0;
        if !taken {
            break;
        }
        candidate = format!("{base}-{n}");
    }
    Ok(candidate)
}
