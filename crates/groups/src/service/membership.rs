//! Who belongs to a group and in which role (the owner is its first member, as admin):
//! the member list, role changes, removal and leaving (spec 2 §4 Viewer relation, §6).

use std::collections::HashMap;

use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::{Expr, ExprTrait, SimpleExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder,
    Set,
};

use super::detail;
use crate::entity::{member, working_group};
use crate::enums::{AgreementState, MemberRole};
use crate::events::{GroupRef, MembershipChange, MembershipChanged};
use crate::policy;

/// Member lists and the joined and applied lists (100).
pub const PER_PAGE: u64 = 100;
pub const OWNER_CANNOT_LEAVE: &str = "The owner cannot leave the working group.";
pub const NOT_A_MEMBER: &str = "You are not a member of this working group.";
pub const ALREADY_MEMBER: &str = "You are already a member of this working group.";
pub const ROLE_NOT_ASSIGNABLE: &str = "Only member and moderator can be assigned.";

/// The viewer's role in the group, if they belong to it.
pub async fn role_of(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: Option<i64>,
) -> AppResult<Option<MemberRole>> {
    let Some(user_id) = user_id else {
        return Ok(None);
    };
    Ok(find(db, group_id, user_id).await?.map(|m| m.role))
}

/// The viewer's role in `group` and where they stand with its data-use agreement.
pub async fn standing(
    db: &impl ConnectionTrait,
    group: &working_group::Model,
    user_id: Option<i64>,
) -> AppResult<(Option<MemberRole>, AgreementState)> {
    let Some(user_id) = user_id else {
        return Ok((None, AgreementState::None));
    };
    let row = find(db, group.id, user_id).await?;
    let state = policy::agreement_state(
        group.agreement_version,
        group.agreement_grace_until,
        row.as_ref().and_then(|m| m.agreement_version),
        kernel::clock::now(),
    );
    Ok((row.map(|m| m.role), state))
}

async fn find(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: i64,
) -> AppResult<Option<member::Model>> {
    Ok(member::Entity::find()
        .filter(member::Column::GroupId.eq(group_id))
        .filter(member::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// The viewer's role in each of the given groups.
pub async fn roles_in(
    db: &impl ConnectionTrait,
    group_ids: &[i64],
    user_id: i64,
) -> AppResult<HashMap<i64, MemberRole>> {
    Ok(member::Entity::find()
        .filter(member::Column::GroupId.is_in(group_ids.to_vec()))
        .filter(member::Column::UserId.eq(user_id))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.group_id, m.role))
        .collect())
}

/// Records the creator as the group's owner.
pub async fn add_owner(db: &impl ConnectionTrait, group_id: i64, user_id: i64) -> AppResult<()> {
    insert(db, group_id, user_id, MemberRole::Admin).await
}

async fn insert(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: i64,
    role: MemberRole,
) -> AppResult<()> {
    let row = member::ActiveModel {
        group_id: Set(group_id),
        user_id: Set(user_id),
        role: Set(role),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    };
    match row.insert(db).await {
        Ok(_) => Ok(()),
        Err(e) if kernel::db::is_unique_violation(&e) => {
            Err(AppError::conflict("already_member", ALREADY_MEMBER))
        }
        Err(e) => Err(e.into()),
    }
}

/// Moves the group's member count by `delta` in the database itself, so concurrent joins
/// and departures never lose a change.
async fn count(db: &impl ConnectionTrait, group_id: i64, delta: i32) -> AppResult<()> {
    working_group::Entity::update_many()
        .col_expr(
            working_group::Column::MembersCount,
            Expr::col(working_group::Column::MembersCount).add(delta),
        )
        .filter(working_group::Column::Id.eq(group_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Makes `user_id` a member (a request accepted, an invitation taken up). Someone who is
/// already in the group keeps their place and role.
pub async fn admit(db: &impl ConnectionTrait, group_id: i64, user_id: i64) -> AppResult<bool> {
    if find(db, group_id, user_id).await?.is_some() {
        return Ok(false);
    }
    insert(db, group_id, user_id, MemberRole::Member).await?;
    count(db, group_id, 1).await?;
    Ok(true)
}

/// Takes a member out of the group; false when someone else got there first.
async fn dismiss(db: &impl ConnectionTrait, row: &member::Model) -> AppResult<bool> {
    let gone = member::Entity::delete_by_id(row.id).exec(db).await?;
    if gone.rows_affected == 0 {
        return Ok(false);
    }
    count(db, row.group_id, -1).await?;
    Ok(true)
}

/// The owner and moderators of a group (who decide on join requests).
pub async fn curators(db: &impl ConnectionTrait, group_id: i64) -> AppResult<Vec<i64>> {
    Ok(member::Entity::find()
        .filter(member::Column::GroupId.eq(group_id))
        .filter(member::Column::Role.ne(MemberRole::Member))
        .all(db)
        .await?
        .into_iter()
        .map(|m| m.user_id)
        .collect())
}

/// A group by id, as events name it.
pub async fn reference(db: &impl ConnectionTrait, group_id: i64) -> AppResult<Option<GroupRef>> {
    Ok(working_group::Entity::find_by_id(group_id)
        .one(db)
        .await?
        .map(|g| group_ref(&g)))
}

/// How a group is named in events.
pub fn group_ref(group: &working_group::Model) -> GroupRef {
    GroupRef {
        id: group.id,
        slug: group.slug.clone(),
        title: group.title.clone(),
    }
}

/// Tells the rest of the platform about a change.
pub async fn announce(
    ctx: &AppContext,
    group: &working_group::Model,
    actor_id: i64,
    member_id: Option<i64>,
    change: MembershipChange,
) {
    ctx.events
        .publish(MembershipChanged {
            group: group_ref(group),
            actor_id,
            member_id,
            change,
        })
        .await;
}

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

/// The public groups a member joined (not the ones they own), newest membership first.
pub async fn joined(
    db: &impl ConnectionTrait,
    user_id: i64,
    params: &PageParams,
) -> AppResult<Page<i64>> {
    let select = member::Entity::find()
        .filter(member::Column::UserId.eq(user_id))
        .filter(member::Column::Role.ne(MemberRole::Admin))
        .filter(member::Column::GroupId.in_subquery(super::browse::public_ids()))
        .order_by_desc(member::Column::CreatedAt)
        .order_by_desc(member::Column::Id);
    let page = kernel::pagination::paginate(db, select, params, PER_PAGE).await?;
    Ok(page.map(|m| m.group_id))
}
