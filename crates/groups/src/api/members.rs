use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::entity::member;
use crate::enums::MemberRole;
use crate::policy;
use crate::service::roster;

pub const LEFT: &str = "You have left the working group.";
pub const REMOVED: &str = "The member has been removed.";

/// A member of a working group with what the viewer may do to them.
#[derive(Debug, Serialize, ToSchema)]
pub struct Member {
    /// The membership's id (used to change the role or remove the member).
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    /// `admin` (the owner), `moderator` or `member`.
    pub role: MemberRole,
    pub avatar: Option<String>,
    pub avatar_thumbnail: Option<String>,
    pub email: String,
    pub affiliation: Option<String>,
    pub blurb: Option<String>,
    pub joined_at: DateTime<Utc>,
    /// The viewer may make this member a moderator or a member again.
    pub can_change_role: bool,
    /// The viewer may remove this member.
    pub can_remove: bool,
}

/// The new role of a member: `member` or `moderator`.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct RoleChange {
    #[validate(required)]
    pub role: Option<MemberRole>,
}

async fn views(
    ctx: &AppContext,
    rows: Vec<member::Model>,
    viewer: Option<MemberRole>,
) -> AppResult<Vec<Member>> {
    let ids: Vec<i64> = rows.iter().map(|m| m.user_id).collect();
    let mut users = ctx.users.summaries(&ids).await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let user = users.remove(&row.user_id)?;
            let role = row.role;
            let other = match role {
                MemberRole::Moderator => MemberRole::Member,
                _ => MemberRole::Moderator,
            };
            Some(Member {
                id: row.id,
                user_id: row.user_id,
                name: user.name,
                role,
                avatar: user.avatar,
                avatar_thumbnail: user.avatar_thumbnail,
                email: user.email,
                affiliation: user.affiliation,
                blurb: user.blurb,
                joined_at: row.created_at,
                can_change_role: policy::may_change_role(viewer, role, other),
                can_remove: policy::may_remove(viewer, role),
            })
        })
        .collect())
}

/// List a group's members
///
/// The members of a working group, owner first; for its members and staff.
#[utoipa::path(
    operation_id = "listGroupMembers",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug"), PageParams),
    responses(
        (status = 200, description = "A page of members (100 by default).", body = Page<Member>),
        (status = 403, description = "Not a member.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{slug}/members")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<Member>>> {
    let (viewed, page) = roster::members(&ctx.db, &user, &path, &params).await?;
    let Page { data, pagination } = page;
    Ok(web::Json(Page {
        data: views(&ctx, data, viewed.role).await?,
        pagination,
    }))
}

/// Change a member's role
///
/// The owner makes a member a moderator, or a moderator a member.
#[utoipa::path(
    operation_id = "changeGroupMemberRole",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug"), ("member_id" = i64, Path, description = "The membership's id")),
    request_body = RoleChange,
    responses(
        (status = 200, description = "The member with the new role.", body = Data<Member>),
        (status = 400, description = "Not an assignable role.", body = kernel::ErrorBody),
        (status = 403, description = "Not the owner, or the owner's own membership.", body = kernel::ErrorBody),
        (status = 404, description = "No such member in this group.", body = kernel::ErrorBody),
    )
)]
#[put("/groups/{slug}/members/{member_id}")]
pub async fn change_role(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(String, i64)>,
    body: ValidJson<RoleChange>,
) -> AppResult<web::Json<Data<Member>>> {
    let (slug, member_id) = path.into_inner();
    let role = body.into_inner().role.unwrap_or(MemberRole::Member);
    let saved = roster::change_role(&ctx, &user, &slug, member_id, role).await?;
    let mut saved = views(&ctx, vec![saved], Some(MemberRole::Admin)).await?;
    Ok(Data::new(
        saved.pop().ok_or_else(kernel::AppError::not_found)?,
    ))
}

/// Remove a member
///
/// The owner or a moderator removes a member (never the owner; moderators only members).
#[utoipa::path(
    operation_id = "removeGroupMember",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug"), ("member_id" = i64, Path, description = "The membership's id")),
    responses(
        (status = 200, description = "Removed.", body = Data<MessageResponse>, example = json!({"data": {"message": REMOVED}})),
        (status = 403, description = "Not allowed to remove this member.", body = kernel::ErrorBody),
        (status = 404, description = "No such member in this group.", body = kernel::ErrorBody),
    )
)]
#[delete("/groups/{slug}/members/{member_id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(String, i64)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (slug, member_id) = path.into_inner();
    roster::remove(&ctx, &user, &slug, member_id).await?;
    Ok(Data::new(MessageResponse {
        message: REMOVED.into(),
    }))
}

/// Leave a group
///
/// The caller leaves the group (the owner cannot).
#[utoipa::path(
    operation_id = "leaveGroup",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    responses(
        (status = 200, description = "Left.", body = Data<MessageResponse>, example = json!({"data": {"message": LEFT}})),
        (status = 400, description = "The owner, or not a member.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[post("/groups/{slug}/members/leave")]
pub async fn leave(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    roster::leave(&ctx, &user, &path).await?;
    Ok(HttpResponse::Ok().json(Data {
        data: MessageResponse {
            message: LEFT.into(),
        },
    }))
}
