//! `/discussion/reactions/{id}/{emoji}`: reactions on topics and replies (issue 49 §4).

use actix_web::{delete, put, web};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use super::dto::ReactionCount;
use crate::Targets;
use crate::enums::Emoji;
use crate::service::reactions;

/// React to a post
///
/// Gives a topic or reply one of the fixed reactions (once per member; giving it again changes
/// nothing). For those who take part in the discussion, on live posts, their own included.
#[utoipa::path(
    operation_id = "addReaction",
    tag = "discussions",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The topic's or reply's id"),
        ("emoji" = inline(Emoji), Path, description = "The reaction"),
    ),
    responses(
        (status = 200, description = "The post's reactions now.", body = Data<Vec<ReactionCount>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "A deleted or hidden post, or a reader who may not post here.", body = kernel::ErrorBody),
        (status = 404, description = "No such post, or hidden from the caller.", body = kernel::ErrorBody),
    )
)]
#[put("/discussion/reactions/{id}/{emoji}")]
pub async fn add(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(i64, Emoji)>,
) -> AppResult<web::Json<Data<Vec<ReactionCount>>>> {
    let (id, emoji) = path.into_inner();
    Ok(Data::new(
        reactions::set(&ctx, &targets, &user, id, emoji, true).await?,
    ))
}

/// Take back a reaction
///
/// Takes back the caller's reaction on a topic or reply (taking back one not given changes
/// nothing).
#[utoipa::path(
    operation_id = "removeReaction",
    tag = "discussions",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The topic's or reply's id"),
        ("emoji" = inline(Emoji), Path, description = "The reaction"),
    ),
    responses(
        (status = 200, description = "The post's reactions now.", body = Data<Vec<ReactionCount>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "A deleted or hidden post, or a reader who may not post here.", body = kernel::ErrorBody),
        (status = 404, description = "No such post, or hidden from the caller.", body = kernel::ErrorBody),
    )
)]
#[delete("/discussion/reactions/{id}/{emoji}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(i64, Emoji)>,
) -> AppResult<web::Json<Data<Vec<ReactionCount>>>> {
    let (id, emoji) = path.into_inner();
    Ok(Data::new(
        reactions::set(&ctx, &targets, &user, id, emoji, false).await?,
    ))
}
