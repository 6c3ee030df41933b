//! `/me/blocked-members`: whom the caller takes no messages from.

use actix_web::{delete, get, put, web};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use crate::read::BlockedMember;
use crate::service::blocks;

/// List members you blocked
///
/// The members the caller blocked, the newest first. A blocked member cannot start a
/// conversation with the caller or write in one they share; the caller cannot write to them
/// one to one until they unblock them.
#[utoipa::path(
    operation_id = "listBlockedMembers",
    tag = "messages",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The members the caller blocked.", body = Data<Vec<BlockedMember>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/blocked-members")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<Vec<BlockedMember>>>> {
    Ok(Data::new(blocks::blocked_by(&ctx, user.id).await?))
}

/// Block a member
///
/// The caller takes no more messages from a member (blocking twice changes nothing).
#[utoipa::path(
    operation_id = "blockMember",
    tag = "messages",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The member's id")),
    responses(
        (status = 200, description = "The members the caller blocked now.", body = Data<Vec<BlockedMember>>),
        (status = 400, description = "The caller themselves.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such member.", body = kernel::ErrorBody),
    )
)]
#[put("/me/blocked-members/{id}")]
pub async fn block(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> AppResult<web::Json<Data<Vec<BlockedMember>>>> {
    blocks::block(&ctx, user.id, id.into_inner()).await?;
    Ok(Data::new(blocks::blocked_by(&ctx, user.id).await?))
}

/// Unblock a member
///
/// The caller takes messages from a member again (unblocking one not blocked changes
/// nothing).
#[utoipa::path(
    operation_id = "unblockMember",
    tag = "messages",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The member's id")),
    responses(
        (status = 200, description = "The members the caller blocked now.", body = Data<Vec<BlockedMember>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/blocked-members/{id}")]
pub async fn unblock(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> AppResult<web::Json<Data<Vec<BlockedMember>>>> {
    blocks::unblock(&ctx, user.id, id.into_inner()).await?;
    Ok(Data::new(blocks::blocked_by(&ctx, user.id).await?))
}
