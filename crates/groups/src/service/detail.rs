//! One group as a viewer sees it (spec 2 §2 Working group detail).

use kernel::{AppError, AppResult, CurrentUser};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::membership;
use crate::entity::working_group;
use crate::enums::{AgreementState, MemberRole};
use crate::policy;

/// The group and the viewer's relation to it.
pub struct Viewed {
    pub group: working_group::Model,
    pub role: Option<MemberRole>,
    /// Where the viewer stands with the group's data-use agreement.
    pub agreement: AgreementState,
}

impl Viewed {
    /// Whether the viewer reads the group's private content (issue 24 §2).
    pub fn reads_private(&self, viewer: Option<&CurrentUser>) -> bool {
        let is_staff = viewer.is_some_and(|v| v.staff_role.is_some());
        policy::may_read_private(self.role, is_staff, self.agreement)
    }
}

/// The group with this slug, if the viewer may see it; otherwise 404 (a hidden group
/// does not admit it exists).
pub async fn by_slug(
    db: &impl ConnectionTrait,
    slug: &str,
    viewer: Option<&CurrentUser>,
) -> AppResult<Viewed> {
    let group = working_group::Entity::find()
        .filter(working_group::Column::Slug.eq(slug))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    viewed(db, group, viewer).await
}

/// The group with this slug, for its owner or a moderator who handles its invitations and
/// join requests; 403 for anyone else who may see it.
pub async fn managed(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    slug: &str,
) -> AppResult<working_group::Model> {
    let viewed = by_slug(db, slug, Some(user)).await?;
    if !policy::may_manage_requests(viewed.role) {
        return Err(AppError::forbidden());
    }
    Ok(viewed.group)
}

/// A loaded group with the viewer's relation, if the viewer may see it; otherwise 404.
pub async fn viewed(
    db: &impl ConnectionTrait,
    group: working_group::Model,
    viewer: Option<&CurrentUser>,
) -> AppResult<Viewed> {
    let (role, agreement) = membership::standing(db, &group, viewer.map(|v| v.id)).await?;
    let (approved, active) = (group.approved_status, group.active_status);
    let is_staff = viewer.is_some_and(|v| v.staff_role.is_some());
    if !policy::may_view(approved, active, role, is_staff) {
        return Err(AppError::not_found());
    }
    Ok(Viewed {
        group,
        role,
        agreement,
    })
}

/// A group by id, whatever its status (staff views).
pub async fn by_id(db: &impl ConnectionTrait, id: i64) -> AppResult<working_group::Model> {
    working_group::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}
