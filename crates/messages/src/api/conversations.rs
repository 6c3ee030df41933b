//! `/me/conversations`: a member's conversations, starting one, and reading one.

use actix_web::{HttpResponse, get, post, web};
use kernel::extract::ValidJson;
use kernel::pagination::{Page, PageParams};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use super::dto::{Before, Named, NewConversation};
use crate::read::{
    self, Conversation, ConversationSummary, MessagePage, Participant, UnreadMessages,
};
use crate::service::people;
use crate::service::writing;

/// List your conversations
///
/// The caller's direct-message conversations, the newest activity first, each with the others
/// in it, the newest message's first words and how many messages the caller has not read.
#[utoipa::path(
    operation_id = "listConversations",
    tag = "messages",
    security(("bearer" = [])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of conversations.", body = Page<ConversationSummary>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/conversations")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ConversationSummary>>> {
    Ok(web::Json(
        read::conversations(&ctx, user.id, &params).await?,
    ))
}

/// Write to members
///
/// Sends a first message to 1 to 9 members. Writing to exactly the members of a conversation
/// the caller has goes on there; otherwise a conversation starts, if each member takes one
/// from the caller (their setting, blocks either way) and the caller has not started their
/// day's conversations (3 a day for accounts under a week old or with an unconfirmed
/// address, 30 for others). The text passes the patient-data guardrail.
#[utoipa::path(
    operation_id = "startConversation",
    tag = "messages",
    security(("bearer" = [])),
    request_body = NewConversation,
    responses(
        (status = 201, description = "The message, in its conversation.", body = Data<read::Message>),
        (status = 400, description = "No members, too many, an unknown one, or the caller; an empty or too long text; text the guardrail flags, undeclared.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "A member does not take conversations from the caller, or a block stands between them.", body = kernel::ErrorBody),
        (status = 429, description = "The caller started all the conversations they may today.", body = kernel::ErrorBody),
    )
)]
#[post("/me/conversations")]
pub async fn start(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<NewConversation>,
) -> AppResult<HttpResponse> {
    super::sent::throttle(&ctx, &user).await?;
    let (member_ids, writing) = body.into_inner().writing()?;
    let written = writing::start(&ctx, &user, &member_ids, writing).await?;
    super::sent::created(&ctx, &user, written).await
}

/// Read a conversation
///
/// Who is in one of the caller's conversations, and whether a block keeps the caller from
/// writing there.
#[utoipa::path(
    operation_id = "getConversation",
    tag = "messages",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    responses(
        (status = 200, description = "The conversation.", body = Data<Conversation>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such conversation, or the caller is not in it.", body = kernel::ErrorBody),
    )
)]
#[get("/me/conversations/{id}")]
pub async fn show(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> AppResult<web::Json<Data<Conversation>>> {
    Ok(Data::new(
        read::conversation(&ctx, user.id, id.into_inner()).await?,
    ))
}

/// Read a conversation's messages
///
/// Up to 30 messages of one of the caller's conversations, oldest first: the newest, or those
/// before `before`. A message moderators removed keeps its place without its words (a hidden
/// one shows them, and why, to its author only).
#[utoipa::path(
    operation_id = "listMessages",
    tag = "messages",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The conversation's id"), Before),
    responses(
        (status = 200, description = "A run of messages.", body = MessagePage),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such conversation, or the caller is not in it.", body = kernel::ErrorBody),
    )
)]
#[get("/me/conversations/{id}/messages")]
pub async fn messages(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
    query: web::Query<Before>,
) -> AppResult<web::Json<MessagePage>> {
    Ok(web::Json(
        read::messages(&ctx, user.id, id.into_inner(), query.before).await?,
    ))
}

/// Mark a conversation read
///
/// Marks one of the caller's conversations read up to its newest message; answers how many
/// messages the caller has not read across their conversations now.
#[utoipa::path(
    operation_id = "markConversationRead",
    tag = "messages",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    responses(
        (status = 200, description = "The caller's unread messages now.", body = Data<UnreadMessages>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such conversation, or the caller is not in it.", body = kernel::ErrorBody),
    )
)]
#[post("/me/conversations/{id}/read")]
pub async fn mark_read(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> AppResult<web::Json<Data<UnreadMessages>>> {
    Ok(Data::new(
        read::read_all(&ctx, user.id, id.into_inner()).await?,
    ))
}

/// Suggest members to write to
///
/// Up to 8 members whose name contains `q` (ignoring case) among those the caller shares a
/// working group or a conversation with, by name: the new-message form's suggestions. Anyone
/// else is written to from their profile.
#[utoipa::path(
    operation_id = "listMessageRecipients",
    tag = "messages",
    security(("bearer" = [])),
    params(Named),
    responses(
        (status = 200, description = "Members to write to.", body = Data<Vec<Participant>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/message-recipients")]
pub async fn recipients(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    query: web::Query<Named>,
) -> AppResult<web::Json<Data<Vec<Participant>>>> {
    let found = people::suggestions(&ctx, user.id, query.q.as_deref().unwrap_or_default()).await?;
    Ok(Data::new(found.iter().map(Participant::of).collect()))
}
