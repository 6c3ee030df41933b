use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::Given;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::entity::join_request;
use crate::enums::MemberRole;
use crate::service::join_requests;

pub const CANCELLED: &str = "Your join request has been cancelled.";
pub const ACCEPTED: &str = "The join request has been approved.";
pub const DECLINED: &str = "The join request has been declined.";

/// A pending request to join.
#[derive(Debug, Serialize, ToSchema)]
pub struct JoinRequest {
    /// The request's id (used to accept or decline it).
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    /// The role the asker gets once accepted.
    pub role: MemberRole,
    pub avatar: Option<String>,
    pub avatar_thumbnail: Option<String>,
    pub email: String,
    pub affiliation: Option<String>,
    pub message: String,
    pub created_at: DateTime<Utc>,
}

/// Why the asker wants to join (required).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct JoinRequestBody {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<join_requests::JoinMessage>)]
    pub message: Given<join_requests::JoinMessage>,
    /// The version of the group's data-use agreement the asker accepts; required, and
    /// the current one, when the group has an agreement.
    #[validate(range(min = 1))]
    pub agreement_version: Option<i32>,
}

async fn views(ctx: &AppContext, rows: Vec<join_request::Model>) -> AppResult<Vec<JoinRequest>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
    let mut users = ctx.users.summaries(&ids).await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let user = users.remove(&row.user_id)?;
            Some(JoinRequest {
                id: row.id,
                user_id: row.user_id,
                name: user.name,
                role: MemberRole::Member,
                avatar: user.avatar,
                avatar_thumbnail: user.avatar_thumbnail,
                email: user.email,
                affiliation: user.affiliation,
                message: row.message,
                created_at: row.created_at,
            })
        })
        .collect())
}

/// Ask to join a group
///
/// Asks to join a working group, with the consent message.
#[utoipa::path(
    operation_id = "sendJoinRequest",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    request_body = JoinRequestBody,
    responses(
        (status = 201, description = "Sent.", body = Data<MessageResponse>, example = json!({"data": {"message": join_requests::REQUEST_SENT}})),
        (status = 400, description = "No message, the data-use agreement not accepted (or not its current version), already a member or already asked.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[post("/groups/{slug}/join-requests")]
pub async fn send(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
    body: ValidJson<JoinRequestBody>,
) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    let message = body.message.value()?;
    join_requests::send(&ctx, &user, &path, &message, body.agreement_version).await?;
    Ok(HttpResponse::Created().json(Data {
        data: MessageResponse {
            message: join_requests::REQUEST_SENT.into(),
        },
    }))
}

/// Withdraw a join request
///
/// Withdraws the caller's pending request.
#[utoipa::path(
    operation_id = "cancelJoinRequest",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    responses(
        (status = 200, description = "Cancelled.", body = Data<MessageResponse>, example = json!({"data": {"message": CANCELLED}})),
        (status = 400, description = "No pending request.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[delete("/groups/{slug}/join-requests")]
pub async fn cancel(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    join_requests::cancel(&ctx, &user, &path).await?;
    Ok(Data::new(MessageResponse {
        message: CANCELLED.into(),
    }))
}

/// List join requests
///
/// Pending requests, oldest first; for the owner and moderators.
#[utoipa::path(
    operation_id = "listJoinRequests",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    responses(
        (status = 200, description = "The pending requests.", body = Data<Vec<JoinRequest>>),
        (status = 403, description = "Not the owner or a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{slug}/join-requests")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<Vec<JoinRequest>>>> {
    let rows = join_requests::pending(&ctx.db, &user, &path).await?;
    Ok(Data::new(views(&ctx, rows).await?))
}

kernel::string_enum!(
    /// What an owner or moderator decides on a join request (the `{action}` of its path).
    JoinDecision {
        Accept = "accept",
        Decline = "decline",
    }
);

/// Decide a join request
///
/// Approves (`accept`) or declines (`decline`) a request; the owner and moderators only.
#[utoipa::path(
    operation_id = "decideJoinRequest",
    tag = "groups",
    security(("bearer" = [])),
    params(
        ("slug" = String, Path, description = "The group's slug"),
        ("member_id" = i64, Path, description = "The join request's id"),
        ("action" = inline(JoinDecision), Path, description = "accept or decline"),
    ),
    responses(
        (status = 200, description = "Decided.", body = Data<MessageResponse>, example = json!({"data": {"message": ACCEPTED}})),
        (status = 403, description = "Not the owner or a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such pending request in this group.", body = kernel::ErrorBody),
    )
)]
#[post("/groups/{slug}/join-requests/{member_id}/{action}")]
pub async fn decide(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(String, i64, JoinDecision)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (slug, id, action) = path.into_inner();
    let accept = action == JoinDecision::Accept;
    join_requests::decide(&ctx, &user, &slug, id, accept).await?;
    Ok(Data::new(MessageResponse {
        message: if accept { ACCEPTED } else { DECLINED }.into(),
    }))
}
