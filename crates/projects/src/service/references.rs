//! What the references crate asks of a project (through `references::Place`, adapted in
//! `app`): who sees its references and who edits them.

use kernel::{AppResult, CurrentUser};
use sea_orm::{ConnectionTrait, EntityTrait};

use crate::entity::project;
use crate::policy;

/// Whether `viewer` edits project `id`'s references; `None` when the project is not there
/// for them.
pub async fn standing(
    db: &impl ConnectionTrait,
    id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<Option<bool>> {
    let Some(found) = project::Entity::find_by_id(id).one(db).await? else {
        return Ok(None);
    };
    let is_owner = viewer.is_some_and(|v| v.id == found.owner_id);
    let is_staff = viewer.is_some_and(|v| v.staff_role.is_some());
    Ok(policy::references(found.status, is_owner, is_staff))
}
