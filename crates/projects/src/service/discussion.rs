//! What the discussions crate asks of a project (through `discussions::Target`, adapted in
//! `app`): who may write and moderate in its discussion.

use kernel::{AppResult, CurrentUser};
use sea_orm::{ConnectionTrait, EntityTrait};

use crate::entity::project;
use crate::policy;

/// A viewer's rights in project `id`'s discussion: (may write, may moderate); `None` when
/// the project is not there for them.
pub async fn rights(
    db: &impl ConnectionTrait,
    id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<Option<(bool, bool)>> {
    let Some(found) = project::Entity::find_by_id(id).one(db).await? else {
        return Ok(None);
    };
    Ok(policy::discussion(
        found.status,
        viewer.is_some(),
        viewer.is_some_and(|v| v.staff_role.is_some()),
    ))
}
