use actix_web::{put, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::dto::{VoteResult, Votes};
use crate::Targets;
use crate::enums::Reaction;
use crate::service::votes::{self, Voted};

/// An up or down vote; the same again clears it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct VoteRequest {
    pub reaction: Reaction,
}

async fn cast(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    id: i64,
    voted: Voted,
    reaction: Reaction,
) -> AppResult<web::Json<Data<VoteResult>>> {
    let (_, post, user_reaction) = votes::vote(ctx, targets, user, id, voted, reaction).await?;
    Ok(Data::new(VoteResult {
        votes: Votes {
            up: post.votes_up,
            down: post.votes_down,
        },
        user_reaction,
    }))
}

/// Vote on a topic
///
/// Votes on a topic (not one's own, not a deleted one).
#[utoipa::path(
    operation_id = "voteDiscussion",
    tag = "discussions",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The topic's id")),
    request_body = VoteRequest,
    responses(
        (status = 200, description = "The counts and the caller's reaction now.", body = Data<VoteResult>),
        (status = 400, description = "A deleted topic.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "One's own topic.", body = kernel::ErrorBody),
        (status = 404, description = "No such topic.", body = kernel::ErrorBody),
    )
)]
#[put("/discussion/vote/{id}")]
pub async fn topic(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<VoteRequest>,
) -> AppResult<web::Json<Data<VoteResult>>> {
    cast(
        &ctx,
        &targets,
        &user,
        path.into_inner(),
        Voted::Topic,
        body.reaction,
    )
    .await
}

/// Vote on a reply
///
/// Votes on a reply (not one's own, not a deleted one).
#[utoipa::path(
    operation_id = "voteComment",
    tag = "discussions",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The reply's id")),
    request_body = VoteRequest,
    responses(
        (status = 200, description = "The counts and the caller's reaction now.", body = Data<VoteResult>),
        (status = 400, description = "A deleted reply.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "One's own reply.", body = kernel::ErrorBody),
        (status = 404, description = "No such reply.", body = kernel::ErrorBody),
    )
)]
#[put("/comments/vote/{id}")]
pub async fn reply(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<VoteRequest>,
) -> AppResult<web::Json<Data<VoteResult>>> {
    cast(
        &ctx,
        &targets,
        &user,
        path.into_inner(),
        Voted::Reply,
        body.reaction,
    )
    .await
}
