//! Invitations (spec 2 §4 Join flow): the owner or a moderator invites an e-mail address;
//! the mailed token is single-use, expires, and only the holder of that address may take
//! it up. Resending mails a new token and revokes the old one.

use chrono::Duration;
use kernel::input::{Email, Text};
use kernel::secret_token;
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use super::{agreements, detail, emails, join_requests, membership};
use crate::entity::{invitation, working_group};
use crate::events::MembershipChange;

/// What an inviter tells the invitee: required, at most 2,000 characters.
pub type InvitationMessage = Text<2000>;

pub const INVITE_SENT: &str = "Invite has been successfully sent.";
pub const ALREADY_INVITED: &str = "An invitation has already been sent to this address.";
pub const ALREADY_MEMBER: &str = "This person is already a member of this working group.";
pub const TOKEN_REVOKED: &str = "Token revoked. If you want to join this Working Group, click on \"Private member join\" button.";
pub const OTHER_ADDRESS: &str =
    "This invitation was sent to another e-mail address. Sign in with that address to accept it.";
pub const TOO_MANY_SENDS: &str = "This invitation has been sent too many times.";
/// How long a mailed link stays valid.
const LIFETIME_DAYS: i64 = 14;
/// How many times one invitation may be mailed (the first send and its resends).
pub const MAX_SENDS: i32 = 5;

/// A fresh token: (the token to mail, its hash to store).
fn token() -> (String, String) {
    let token = secret_token::generate();
    let hash = secret_token::hash(&token);
    (token, hash)
}

async fn mail(
    ctx: &AppContext,
    inviter_id: i64,
    group: &working_group::Model,
    row: &invitation::Model,
    token: &str,
) -> AppResult<()> {
    let inviter = ctx
        .users
        .summaries(&[inviter_id])
        .await?
        .remove(&inviter_id)
        .map(|u| u.name)
        .unwrap_or_else(|| "A member".to_owned());
    let email = emails::invitation(
        &ctx.config.public_url,
        &row.email,
        &group.slug,
        &group.title,
        &inviter,
        &row.message,
        token,
    );
    ctx.deliver_mail(email).await;
    Ok(())
}

/// Invites `email` to the group and mails the link.
pub async fn invite(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    email: &Email,
    message: &InvitationMessage,
) -> AppResult<invitation::Model> {
    let group = detail::managed(&ctx.db, user, slug).await?;
    let email = email.to_lowercase();
    let invitee = ctx.users.by_email(&email).await?;
    if let Some(invitee) = &invitee
        && membership::role_of(&ctx.db, group.id, Some(invitee.id))
            .await?
            .is_some()
    {
        return Err(AppError::field("email", ALREADY_MEMBER));
    }
    let (token, token_hash) = token();
    let now = kernel::clock::now();
    let row = invitation::ActiveModel {
        group_id: Set(group.id),
        email: Set(email.clone()),
        message: Set(message.to_string()),
        token_hash: Set(token_hash),
        invited_by_id: Set(user.id),
        created_at: Set(now),
        sent_at: Set(now),
        send_count: Set(1),
        expires_at: Set(now + Duration::days(LIFETIME_DAYS)),
        ..Default::default()
    };
    let saved = match row.insert(&ctx.db).await {
        Ok(saved) => saved,
        Err(e) if kernel::db::is_unique_violation(&e) => {
            return Err(AppError::field("email", ALREADY_INVITED));
        }
        Err(e) => return Err(e.into()),
    };
    mail(ctx, user.id, &group, &saved, &token).await?;
    membership::announce(
        ctx,
        &group,
        user.id,
        invitee.map(|u| u.id),
        MembershipChange::Invited {
            email,
            invite_token: token,
        },
    )
    .await;
    Ok(saved)
}

/// Open invitations, newest first, for the owner and moderators.
pub async fn open(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    slug: &str,
) -> AppResult<Vec<invitation::Model>> {
    let group = detail::managed(db, user, slug).await?;
    Ok(invitation::Entity::find()
        .filter(invitation::Column::GroupId.eq(group.id))
        .order_by_desc(invitation::Column::CreatedAt)
        .order_by_desc(invitation::Column::Id)
        .all(db)
        .await?)
}

async fn one_of(db: &impl ConnectionTrait, group_id: i64, id: i64) -> AppResult<invitation::Model> {
    invitation::Entity::find_by_id(id)
        .filter(invitation::Column::GroupId.eq(group_id))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Whether an invitation may still be mailed again.
pub fn may_resend(row: &invitation::Model) -> bool {
    row.send_count < MAX_SENDS
}

/// Mails the invitation again with a new token (the old link stops working) and a new
/// expiry.
pub async fn resend(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    id: i64,
) -> AppResult<invitation::Model> {
    let group = detail::managed(&ctx.db, user, slug).await?;
    let current = one_of(&ctx.db, group.id, id).await?;
    if !may_resend(&current) {
        return Err(AppError::bad_request("too_many_sends", TOO_MANY_SENDS));
    }
    let (token, token_hash) = token();
    let now = kernel::clock::now();
    let send_count = current.send_count + 1;
    let mut active: invitation::ActiveModel = current.into();
    active.token_hash = Set(token_hash);
    active.sent_at = Set(now);
    active.send_count = Set(send_count);
    active.expires_at = Set(now + Duration::days(LIFETIME_DAYS));
    let saved = active.update(&ctx.db).await?;
    mail(ctx, user.id, &group, &saved, &token).await?;
    Ok(saved)
}

/// Withdraws an invitation; its link stops working.
pub async fn cancel(ctx: &AppContext, user: &CurrentUser, slug: &str, id: i64) -> AppResult<()> {
    let group = detail::managed(&ctx.db, user, slug).await?;
    let current = one_of(&ctx.db, group.id, id).await?;
    invitation::Entity::delete_by_id(current.id)
        .exec(&ctx.db)
        .await?;
    Ok(())
}

fn revoked() -> AppError {
    AppError::bad_request("token_revoked", TOKEN_REVOKED)
}

/// The live invitation behind a token for this group; anything else reads as revoked.
async fn live(
    db: &impl ConnectionTrait,
    group_id: i64,
    token: &str,
) -> AppResult<invitation::Model> {
    invitation::Entity::find()
        .filter(invitation::Column::TokenHash.eq(secret_token::hash(token)))
        .filter(invitation::Column::GroupId.eq(group_id))
        .filter(invitation::Column::ExpiresAt.gt(kernel::clock::now()))
        .one(db)
        .await?
        .ok_or_else(revoked)
}

/// The invitation a token opens, if it still works and was sent to the caller's address.
pub async fn check(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    token: &str,
) -> AppResult<(working_group::Model, invitation::Model)> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(user)).await?;
    let row = live(&ctx.db, viewed.group.id, token).await?;
    let email = ctx
        .users
        .summaries(&[user.id])
        .await?
        .remove(&user.id)
        .map(|u| u.email.to_lowercase())
        .unwrap_or_default();
    if email != row.email {
        return Err(AppError::client(
            actix_web::http::StatusCode::FORBIDDEN,
            "invitation_for_another_address",
            OTHER_ADDRESS,
        ));
    }
    Ok((viewed.group, row))
}

/// Takes up an invitation: the caller joins (a pending request of theirs is settled) and
/// the token is spent. Where the group has a data-use agreement, the caller accepts its
/// current version as they join.
pub async fn accept(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    token: &str,
    agreement_version: Option<i32>,
) -> AppResult<()> {
    let (group, row) = check(ctx, user, slug, token).await?;
    let accepted = agreements::required(&group, agreement_version, "agreement_version")?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    // Spending the token first makes a second, simultaneous use find nothing.
    let spent = invitation::Entity::delete_many()
        .filter(invitation::Column::Id.eq(row.id))
        .filter(invitation::Column::TokenHash.eq(row.token_hash.clone()))
        .filter(invitation::Column::ExpiresAt.gt(kernel::clock::now()))
        .exec(&txn)
        .await?;
    if spent.rows_affected == 0 {
        return Err(revoked());
    }
    let joined = membership::admit(&txn, group.id, user.id).await?;
    join_requests::settle(&txn, group.id, user.id).await?;
    if let Some(version) = accepted {
        agreements::record(&txn, group.id, user.id, version, kernel::clock::now()).await?;
    }
    txn.commit().await?;
    if joined {
        membership::announce(
            ctx,
            &group,
            user.id,
            Some(user.id),
            MembershipChange::Joined,
        )
        .await;
    }
    Ok(())
}
