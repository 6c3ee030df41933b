//! What a group's discussion needs from the group (spec 2 §6): who may read private
//! topics, post, make topics private and moderate; and the comment count it shows.
//! `app` adapts these to the discussions crate's target trait.

use kernel::{AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::detail;
use crate::entity::working_group;
use crate::policy;

/// A viewer's rights in a group's discussion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscussionRights {
    pub read_private: bool,
    pub write: bool,
    pub set_private: bool,
    pub moderate: bool,
}

/// The viewer's rights in the discussion of group `group_id`; `None` when the group does
/// not exist or is hidden from them.
pub async fn rights(
    db: &impl ConnectionTrait,
    group_id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<Option<DiscussionRights>> {
    let Some(group) = working_group::Entity::find_by_id(group_id).one(db).await? else {
        return Ok(None);
    };
    let viewed = match detail::viewed(db, group, viewer).await {
        Ok(viewed) => viewed,
        Err(_) => return Ok(None),
    };
    let is_staff = viewer.is_some_and(|v| v.staff_role.is_some());
    let member = viewed.role.is_some();
    Ok(Some(DiscussionRights {
        read_private: policy::may_see_members(viewed.role, is_staff),
        write: member,
        set_private: member,
        moderate: policy::may_curate(viewed.role) || is_staff,
    }))
}

/// Moves the group's comment counts (all posts, and those in public topics) in the
/// database itself, so concurrent posts all count.
pub async fn count_comments(
    db: &impl ConnectionTrait,
    group_id: i64,
    all: i32,
    public: i32,
) -> AppResult<()> {
    working_group::Entity::update_many()
        .col_expr(
            working_group::Column::CommentsCount,
            Expr::col(working_group::Column::CommentsCount).add(all),
        )
        .col_expr(
            working_group::Column::PublicCommentsCount,
            Expr::col(working_group::Column::PublicCommentsCount).add(public),
        )
        .filter(working_group::Column::Id.eq(group_id))
        .exec(db)
        .await?;
    Ok(())
}
