//! The caller's own projects: found (anyone else's is a 404) and, when their state allows,
//! changed.

use kernel::{AppError, AppResult, CurrentUser};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::entity::project;
use crate::policy;

pub const NOT_EDITABLE: &str = "A project under review, suspended or closed cannot be changed.";

/// The caller's project, whatever its state; 404 for anyone else's.
pub async fn owned(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    id: i64,
) -> AppResult<project::Model> {
    project::Entity::find_by_id(id)
        .filter(project::Column::OwnerId.eq(user.id))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// The caller's project when they may change it: a draft, one staff sent back, or a live
/// one (whose changes then wait for staff, see `changes`).
pub async fn changeable(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    id: i64,
) -> AppResult<project::Model> {
    let found = owned(db, user, id).await?;
    if !policy::may_change(found.status) {
        return Err(AppError::bad_request("not_editable", NOT_EDITABLE));
    }
    Ok(found)
}
