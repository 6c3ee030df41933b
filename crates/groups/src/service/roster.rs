//! The member list, role changes, removal and leaving (spec 2 §6).

use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder,
    Set,
};

use super::detail;
use super::membership::{PER_PAGE, announce, dismiss, find};
use crate::entity::member;
use crate::enums::MemberRole;
use crate::events::MembershipChange;
use crate::policy;

pub const OWNER_CANNOT_LEAVE: &str = "The owner cannot leave the working group.";
pub const NOT_A_MEMBER: &str = "You are not a member of this working group.";
pub const ROLE_NOT_ASSIGNABLE: &str = "Only member and moderator can be assigned.";

/// Owner first, then moderators, then members.
fn rank() -> SimpleExpr {
    Expr::case(member::Column::Role.eq(MemberRole::Admin), 0)
        .case(member::Column::Role.eq(MemberRole::Moderator), 1)
        .finally(2)
        .into()
}

/// The members of a group the viewer belongs to (or staff): owner, then moderators, then
/// members, each in the order they joined.
pub async fn members(
    db: &impl ConnectionTrait,
    viewer: &CurrentUser,
    slug: &str,
    params: &PageParams,
) -> AppResult<(detail::Viewed, Page<member::Model>)> {
    let viewed = detail::by_slug(db, slug, Some(viewer)).await?;
    if !viewed.reads_private(Some(viewer)) {
        return Err(AppError::forbidden());
    }
    let select = member::Entity::find()
        .filter(member::Column::GroupId.eq(viewed.group.id))
        .order_by(rank(), Order::Asc)
        .order_by_asc(member::Column::CreatedAt)
        .order_by_asc(member::Column::Id);
    let page = kernel::pagination::paginate(db, select, params, PER_PAGE).await?;
    Ok((viewed, page))
}

/// A member row of this group by its id.
async fn member_of(
    db: &impl ConnectionTrait,
    group_id: i64,
    member_id: i64,
) -> AppResult<member::Model> {
    member::Entity::find_by_id(member_id)
        .filter(member::Column::GroupId.eq(group_id))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

fn role(row: &member::Model) -> MemberRole {
    row.role
}

/// The owner makes a member a moderator or a moderator a member.
pub async fn change_role(
    ctx: &AppContext,
    actor: &CurrentUser,
    slug: &str,
    member_id: i64,
    to: MemberRole,
) -> AppResult<member::Model> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(actor)).await?;
    if to == MemberRole::Admin {
        return Err(AppError::field("role", ROLE_NOT_ASSIGNABLE));
    }
    let row = member_of(&ctx.db, viewed.group.id, member_id).await?;
    if !policy::may_change_role(viewed.role, role(&row), to) {
        return Err(AppError::forbidden());
    }
    let user_id = row.user_id;
    let mut active: member::ActiveModel = row.into();
    active.role = Set(to);
    let saved = active.update(&ctx.db).await?;
    announce(
        ctx,
        &viewed.group,
        actor.id,
        Some(user_id),
        MembershipChange::RoleChanged { role: to },
    )
    .await;
    Ok(saved)
}

/// The owner or a moderator removes someone of lower rank.
pub async fn remove(
    ctx: &AppContext,
    actor: &CurrentUser,
    slug: &str,
    member_id: i64,
) -> AppResult<()> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(actor)).await?;
    let row = member_of(&ctx.db, viewed.group.id, member_id).await?;
    if !policy::may_remove(viewed.role, role(&row)) {
        return Err(AppError::forbidden());
    }
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let removed = dismiss(&txn, &row).await?;
    txn.commit().await?;
    if !removed {
        return Err(AppError::not_found());
    }
    announce(
        ctx,
        &viewed.group,
        actor.id,
        Some(row.user_id),
        MembershipChange::Removed,
    )
    .await;
    Ok(())
}

/// A member or moderator leaves; the owner cannot.
pub async fn leave(ctx: &AppContext, user: &CurrentUser, slug: &str) -> AppResult<()> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(user)).await?;
    let Some(row) = find(&ctx.db, viewed.group.id, user.id).await? else {
        return Err(AppError::bad_request("not_a_member", NOT_A_MEMBER));
    };
    if !policy::may_leave(Some(role(&row))) {
        return Err(AppError::bad_request(
            "owner_cannot_leave",
            OWNER_CANNOT_LEAVE,
        ));
    }
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let left = dismiss(&txn, &row).await?;
    txn.commit().await?;
    if !left {
        return Err(AppError::bad_request("not_a_member", NOT_A_MEMBER));
    }
    announce(
        ctx,
        &viewed.group,
        user.id,
        Some(user.id),
        MembershipChange::Left,
    )
    .await;
    Ok(())
}
