//! Who belongs to a group and in which role (the owner is its first member, as admin; spec
//! 2 §4 Viewer relation): the member rows, kept with the group's count; the actions on them
//! are in `roster`.

use std::collections::HashMap;

use kernel::{AppContext, AppError, AppResult, Page, PageParams};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::entity::{member, working_group};
use crate::enums::{AgreementState, MemberRole};
use crate::events::{GroupRef, MembershipChange, MembershipChanged};
use crate::policy;

/// Member lists and the joined and applied lists (100).
pub const PER_PAGE: u64 = 100;
pub const ALREADY_MEMBER: &str = "You are already a member of this working group.";

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

pub(super) async fn find(
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
pub(super) async fn dismiss(db: &impl ConnectionTrait, row: &member::Model) -> AppResult<bool> {
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
