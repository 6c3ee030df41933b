use crate::service::invitations::InvitationMessage;
use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Email, Given};
use kernel::users::UserSummary;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use crate::entity::invitation;
use crate::enums::MemberRole;
use crate::service::invitations;

pub const RESENT: &str = "The invitation has been sent again.";
pub const CANCELLED: &str = "The invitation has been cancelled.";
pub const JOINED: &str = "You have joined the working group.";

/// An open invitation: the member fields of the invited
/// account when the address has one, otherwise the address as the name.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvitedMember {
    /// The invitation's id (used to resend or cancel it).
    pub id: i64,
    /// The invited account, when the address belongs to one.
    pub user_id: Option<i64>,
    pub name: String,
    /// The role the invitee gets on joining.
    pub role: MemberRole,
    pub avatar: Option<String>,
    pub avatar_thumbnail: Option<String>,
    pub email: String,
    pub affiliation: Option<String>,
    pub blurb: Option<String>,
    pub message: String,
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The invitation may be mailed again (each is sent at most five times).
    pub can_resend_invitation: bool,
}

/// Whom to invite and what to tell them (both required).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct InviteRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Email>)]
    pub email: Given<Email>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<InvitationMessage>)]
    pub message: Given<InvitationMessage>,
}

/// What an invitation link opens, for its addressee.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationView {
    pub group_id: i64,
    pub group_slug: String,
    pub group_title: String,
    pub invited_by: Option<UserSummary>,
    pub message: String,
    pub expires_at: DateTime<Utc>,
}

async fn views(ctx: &AppContext, rows: Vec<invitation::Model>) -> AppResult<Vec<InvitedMember>> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let account = ctx.users.by_email(&row.email).await?;
        let can_resend_invitation = invitations::may_resend(&row);
        out.push(InvitedMember {
            id: row.id,
            user_id: account.as_ref().map(|u| u.id),
            name: account
                .as_ref()
                .map_or_else(|| row.email.clone(), |u| u.name.clone()),
            role: MemberRole::Member,
            avatar: account.as_ref().and_then(|u| u.avatar.clone()),
            avatar_thumbnail: account.as_ref().and_then(|u| u.avatar_thumbnail.clone()),
            affiliation: account.as_ref().and_then(|u| u.affiliation.clone()),
            blurb: account.and_then(|u| u.blurb),
            email: row.email,
            message: row.message,
            sent_at: row.sent_at,
            expires_at: row.expires_at,
            can_resend_invitation,
        });
    }
    Ok(out)
}

/// Invite a member
///
/// Invites an e-mail address (with or without an account); the owner and moderators only. The
/// address is mailed a single-use link; someone without an account signs up through it.
#[utoipa::path(
    operation_id = "inviteGroupMember",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    request_body = InviteRequest,
    responses(
        (status = 201, description = "Invited and mailed.", body = Data<MessageResponse>, example = json!({"data": {"message": invitations::INVITE_SENT}})),
        (status = 400, description = "Invalid address or message, already a member or already invited.", body = kernel::ErrorBody),
        (status = 403, description = "Not the owner or a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[post("/groups/{slug}/invite-member")]
pub async fn invite(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
    body: ValidJson<InviteRequest>,
) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    invitations::invite(
        &ctx,
        &user,
        &path,
        &body.email.value()?,
        &body.message.value()?,
    )
    .await?;
    Ok(HttpResponse::Created().json(Data {
        data: MessageResponse {
            message: invitations::INVITE_SENT.into(),
        },
    }))
}

/// List open invitations
///
/// Open invitations, newest first; for the owner and moderators.
#[utoipa::path(
    operation_id = "listInvitedMembers",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    responses(
        (status = 200, description = "The open invitations.", body = Data<Vec<InvitedMember>>),
        (status = 403, description = "Not the owner or a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{slug}/invited-members")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<Vec<InvitedMember>>>> {
    let rows = invitations::open(&ctx.db, &user, &path).await?;
    Ok(Data::new(views(&ctx, rows).await?))
}

/// Resend an invitation
///
/// Mails an invitation again with a new link (the old one stops working).
#[utoipa::path(
    operation_id = "resendInvitation",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug"), ("id" = i64, Path, description = "The invitation's id")),
    responses(
        (status = 200, description = "Sent again.", body = Data<MessageResponse>, example = json!({"data": {"message": RESENT}})),
        (status = 400, description = "Sent too many times.", body = kernel::ErrorBody),
        (status = 403, description = "Not the owner or a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such invitation in this group.", body = kernel::ErrorBody),
    )
)]
#[put("/groups/{slug}/resend-invitation/{id}")]
pub async fn resend(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(String, i64)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (slug, id) = path.into_inner();
    invitations::resend(&ctx, &user, &slug, id).await?;
    Ok(Data::new(MessageResponse {
        message: RESENT.into(),
    }))
}

/// Withdraw an invitation
///
/// Withdraws an invitation. The mailed link stops working at once.
#[utoipa::path(
    operation_id = "cancelInvitation",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug"), ("id" = i64, Path, description = "The invitation's id")),
    responses(
        (status = 200, description = "Cancelled.", body = Data<MessageResponse>, example = json!({"data": {"message": CANCELLED}})),
        (status = 403, description = "Not the owner or a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such invitation in this group.", body = kernel::ErrorBody),
    )
)]
#[delete("/groups/{slug}/invited-members/{id}")]
pub async fn cancel(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(String, i64)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (slug, id) = path.into_inner();
    invitations::cancel(&ctx, &user, &slug, id).await?;
    Ok(Data::new(MessageResponse {
        message: CANCELLED.into(),
    }))
}

/// Check an invitation
///
/// What an invitation link opens, if it still works and was sent to the caller. Used by the
/// invitation page before the caller accepts.
#[utoipa::path(
    operation_id = "checkInvitation",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug"), ("invite_hash" = String, Path, description = "The token from the invitation link", min_length = 32)),
    responses(
        (status = 200, description = "A live invitation for the caller.", body = Data<InvitationView>),
        (status = 400, description = "Used, cancelled, replaced or expired (code token_revoked).", body = kernel::ErrorBody),
        (status = 403, description = "Sent to another address.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{slug}/invited-members/{invite_hash}")]
pub async fn check(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(String, String)>,
) -> AppResult<web::Json<Data<InvitationView>>> {
    let (slug, token) = path.into_inner();
    let (group, row) = invitations::check(&ctx, &user, &slug, &token).await?;
    let invited_by = ctx
        .users
        .summaries(&[row.invited_by_id])
        .await?
        .remove(&row.invited_by_id);
    Ok(Data::new(InvitationView {
        group_id: group.id,
        group_slug: group.slug,
        group_title: group.title,
        invited_by,
        message: row.message,
        expires_at: row.expires_at,
    }))
}

/// What the invitee accepts as they join.
#[derive(Debug, Deserialize, IntoParams)]
pub struct AcceptInvitationQuery {
    /// The version of the group's data-use agreement the invitee accepts; required, and
    /// the current one, when the group has an agreement.
    #[param(minimum = 1)]
    pub agreement_version: Option<i32>,
}

/// Accept an invitation
///
/// Accepts an invitation: the caller joins the group. The token works once.
#[utoipa::path(
    operation_id = "acceptInvitation",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug"), ("invite_hash" = String, Path, description = "The token from the invitation link", min_length = 32), AcceptInvitationQuery),
    responses(
        (status = 200, description = "Joined.", body = Data<MessageResponse>, example = json!({"data": {"message": JOINED}})),
        (status = 400, description = "Used, cancelled, replaced or expired (code token_revoked), or the data-use agreement not accepted.", body = kernel::ErrorBody),
        (status = 403, description = "Sent to another address.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[post("/groups/{slug}/invited-members/{invite_hash}")]
pub async fn accept(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(String, String)>,
    query: web::Query<AcceptInvitationQuery>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (slug, token) = path.into_inner();
    invitations::accept(&ctx, &user, &slug, &token, query.agreement_version).await?;
    Ok(Data::new(MessageResponse {
        message: JOINED.into(),
    }))
}
