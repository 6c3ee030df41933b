//! Joining by request (spec 2 §4 Join flow): a member asks with a message, the owner or a
//! moderator accepts or declines, the asker may withdraw while it is pending.

use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use super::{agreements, detail, membership};
use crate::entity::{join_request, working_group};
use crate::events::MembershipChange;
use crate::policy;

pub const REQUEST_SENT: &str = "Join request has been sent.";
pub const ALREADY_REQUESTED: &str = "Join request has already been sent.";
pub const NO_REQUEST: &str = "There is no join request to cancel.";
pub const REQUEST_GONE: &str = "This join request no longer exists.";
pub const NOT_OPEN: &str = "This working group does not take new members.";
/// Why the asker wants to join: required, spec 2 "Join message: required, non-empty".
pub type JoinMessage = kernel::input::Text<2000, kernel::input::Long>;

fn is_open(group: &working_group::Model) -> bool {
    policy::is_public(group.approved_status, group.active_status)
}

/// Whether the user has a pending request for the group (the detail's `has_join_request`).
pub async fn is_pending(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: Option<i64>,
) -> AppResult<bool> {
    let Some(user_id) = user_id else {
        return Ok(false);
    };
    Ok(join_request::Entity::find()
        .filter(join_request::Column::GroupId.eq(group_id))
        .filter(join_request::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .is_some())
}

/// Sends a request to join a public group the user is not in, with the data-use agreement
/// version they accepted where the group has one.
pub async fn send(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    message: &JoinMessage,
    agreement_version: Option<i32>,
) -> AppResult<join_request::Model> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(user)).await?;
    if viewed.role.is_some() {
        return Err(AppError::bad_request(
            "already_member",
            membership::ALREADY_MEMBER,
        ));
    }
    if !is_open(&viewed.group) {
        return Err(AppError::bad_request("group_not_open", NOT_OPEN));
    }
    let accepted = agreements::required(&viewed.group, agreement_version, "agreement_version")?;
    let row = join_request::ActiveModel {
        group_id: Set(viewed.group.id),
        user_id: Set(user.id),
        message: Set(message.to_string()),
        agreement_version: Set(accepted),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    };
    let saved = match row.insert(&ctx.db).await {
        Ok(saved) => saved,
        Err(e) if kernel::db::is_unique_violation(&e) => {
            return Err(AppError::bad_request(
                "already_requested",
                ALREADY_REQUESTED,
            ));
        }
        Err(e) => return Err(e.into()),
    };
    membership::announce(
        ctx,
        &viewed.group,
        user.id,
        Some(user.id),
        MembershipChange::RequestSent,
    )
    .await;
    Ok(saved)
}

/// Withdraws the user's own pending request.
pub async fn cancel(ctx: &AppContext, user: &CurrentUser, slug: &str) -> AppResult<()> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(user)).await?;
    let gone = join_request::Entity::delete_many()
        .filter(join_request::Column::GroupId.eq(viewed.group.id))
        .filter(join_request::Column::UserId.eq(user.id))
        .exec(&ctx.db)
        .await?;
    if gone.rows_affected == 0 {
        return Err(AppError::bad_request("no_join_request", NO_REQUEST));
    }
    membership::announce(
        ctx,
        &viewed.group,
        user.id,
        Some(user.id),
        MembershipChange::RequestCancelled,
    )
    .await;
    Ok(())
}

/// Pending requests, oldest first, for the owner and moderators.
pub async fn pending(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    slug: &str,
) -> AppResult<Vec<join_request::Model>> {
    let group = detail::managed(db, user, slug).await?;
    Ok(join_request::Entity::find()
        .filter(join_request::Column::GroupId.eq(group.id))
        .order_by_asc(join_request::Column::CreatedAt)
        .order_by_asc(join_request::Column::Id)
        .all(db)
        .await?)
}

fn gone() -> AppError {
    AppError::client(
        actix_web::http::StatusCode::NOT_FOUND,
        "not_found",
        REQUEST_GONE,
    )
}

/// Accepts (the asker becomes a member) or declines a request. The request is taken out
/// first, inside the transaction, so of two people deciding at once only one succeeds.
pub async fn decide(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    request_id: i64,
    accept: bool,
) -> AppResult<()> {
    let group = detail::managed(&ctx.db, user, slug).await?;
    let request = join_request::Entity::find_by_id(request_id)
        .filter(join_request::Column::GroupId.eq(group.id))
        .one(&ctx.db)
        .await?
        .ok_or_else(gone)?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let taken = join_request::Entity::delete_by_id(request.id)
        .exec(&txn)
        .await?;
    if taken.rows_affected == 0 {
        return Err(gone());
    }
    if accept {
        membership::admit(&txn, group.id, request.user_id).await?;
        // The asker accepted the agreement when they asked; a version published since
        // then is theirs to accept like every member's.
        if let Some(version) = request.agreement_version {
            agreements::record(&txn, group.id, request.user_id, version, request.created_at)
                .await?;
        }
    }
    txn.commit().await?;
    let change = if accept {
        MembershipChange::RequestAccepted
    } else {
        MembershipChange::RequestDeclined
    };
    membership::announce(ctx, &group, user.id, Some(request.user_id), change).await;
    Ok(())
}

/// Drops a pending request once its asker got in another way (an invitation).
pub async fn settle(db: &impl ConnectionTrait, group_id: i64, user_id: i64) -> AppResult<()> {
    join_request::Entity::delete_many()
        .filter(join_request::Column::GroupId.eq(group_id))
        .filter(join_request::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The public groups a member asked to join and is waiting for, newest request first.
pub async fn applied(
    db: &impl ConnectionTrait,
    user_id: i64,
    params: &PageParams,
) -> AppResult<Page<i64>> {
    let select = join_request::Entity::find()
        .filter(join_request::Column::UserId.eq(user_id))
        .filter(join_request::Column::GroupId.in_subquery(super::browse::public_ids()))
        .order_by_desc(join_request::Column::CreatedAt)
        .order_by_desc(join_request::Column::Id);
    let page = kernel::pagination::paginate(db, select, params, membership::PER_PAGE).await?;
    Ok(page.map(|r| r.group_id))
}
