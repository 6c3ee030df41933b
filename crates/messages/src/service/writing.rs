//! Starting a conversation and writing in one. Each is one transaction: the patient-data
//! check, the message, the conversation's clock and the author's read mark, and for a new
//! conversation its members and the starter's daily quota; announced once committed.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use phi::guard::{self, Guard, Place};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QuerySelect, Set,
};

use super::people::{self, Blocks};
use super::{members_for, members_of, quota};
use crate::entity::{conversation, member, message};
use crate::events::MessageSent;
use crate::policy::{self, Refusal};

/// The field a message's text is on (its errors, the patient-data prompt).
pub const BODY: &str = "body";
/// The field of the members a new conversation is with.
pub const MEMBER_IDS: &str = "member_ids";
pub const NO_MEMBERS: &str = "Choose at least one member to write to.";
pub const TOO_MANY_MEMBERS: &str = "A conversation has at most 10 members, you included.";
pub const UNKNOWN_MEMBER: &str = "One of the chosen members is not on Cohort.";
pub const TO_YOURSELF: &str = "Choose members other than yourself.";

/// What a member writes, and whether they declared they may share what the patient-data
/// check finds in it.
pub struct Writing {
    pub body: String,
    pub declared: bool,
}

/// A message that was written, and where.
pub struct Written {
    pub conversation_id: i64,
    pub message_id: i64,
}

fn refused(refusal: &Refusal) -> AppError {
    AppError::client(
        actix_web::http::StatusCode::FORBIDDEN,
        "may_not_message",
        refusal.text(),
    )
}

/// Writes to `member_ids`: in the conversation `user` already has with exactly them, or in
/// a new one, which they must take (their settings, blocks) and the writer's daily quota
/// must allow.
pub async fn start(
    ctx: &AppContext,
    user: &CurrentUser,
    member_ids: &[i64],
    writing: Writing,
) -> AppResult<Written> {
    let mut others: Vec<i64> = member_ids.to_vec();
    others.sort_unstable();
    others.dedup();
    if others.contains(&user.id) {
        return Err(AppError::field(MEMBER_IDS, TO_YOURSELF));
    }
    let found = ctx.users.summaries(&others).await?;
    if found.len() != others.len() {
        return Err(AppError::field(MEMBER_IDS, UNKNOWN_MEMBER));
    }
    let names: HashMap<i64, String> = found.into_iter().map(|(id, u)| (id, u.name)).collect();
    let mut everyone = others.clone();
    everyone.push(user.id);
    everyone.sort_unstable();
    let key = member_key(&everyone);
    let existing = conversation::Entity::find()
        .filter(conversation::Column::MemberKey.eq(key.as_str()))
        .one(&ctx.db)
        .await?;
    if let Some(existing) = existing {
        return send(ctx, user, existing.id, writing).await;
    }
    if let Some(refusal) = people::start_refused(ctx, user.id, &others, &names).await? {
        return Err(refused(&refusal));
    }
    let standing = ctx
        .users
        .standing(user.id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let now = kernel::clock::now();
    let limit = policy::starts_per_day(standing, now);
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let (conversation_id, new) = open(&txn, &key, &everyone, now).await?;
    if new {
        quota::take(&txn, user.id, limit, now).await?;
    }
    post(ctx, txn, conversation_id, user.id, everyone, &writing, now).await
}

/// Writes in conversation `conversation_id`, of which `user` is a member (404 otherwise),
/// unless a block stands between them and the others.
pub async fn send(
    ctx: &AppContext,
    user: &CurrentUser,
    conversation_id: i64,
    writing: Writing,
) -> AppResult<Written> {
    let everyone = members_for(&ctx.db, conversation_id, user.id).await?;
    if let Some(refusal) = cannot_send(ctx, user.id, &everyone).await? {
        return Err(refused(&refusal));
    }
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let now = kernel::clock::now();
    post(ctx, txn, conversation_id, user.id, everyone, &writing, now).await
}

/// What keeps `me` from writing to a conversation of `everyone`, if anything does.
pub async fn cannot_send(
    ctx: &AppContext,
    me: i64,
    everyone: &[i64],
) -> AppResult<Option<Refusal>> {
    let others: Vec<i64> = everyone.iter().copied().filter(|m| *m != me).collect();
    Blocks::between(ctx, me, &others)
        .await?
        .refusal(ctx, &others, others.len() == 1)
        .await
}

/// The key of a conversation of `sorted` members.
fn member_key(sorted: &[i64]) -> String {
    sorted
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The conversation of exactly these members, made now if there was none (two at once make
/// one: the key is unique); whether it is new.
async fn open(
    txn: &impl ConnectionTrait,
    key: &str,
    everyone: &[i64],
    now: DateTime<Utc>,
) -> AppResult<(i64, bool)> {
    let made = conversation::ActiveModel {
        member_key: Set(key.to_owned()),
        created_at: Set(now),
        last_message_at: Set(now),
        ..Default::default()
    };
    let inserted = conversation::Entity::insert(made)
        .on_conflict(
            OnConflict::column(conversation::Column::MemberKey)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(txn)
        .await?;
    let id: i64 = conversation::Entity::find()
        .select_only()
        .column(conversation::Column::Id)
        .filter(conversation::Column::MemberKey.eq(key))
        .into_tuple()
        .one(txn)
        .await?
        .ok_or_else(AppError::not_found)?;
    if inserted == 0 {
        return Ok((id, false));
    }
    let rows = everyone.iter().map(|user_id| member::ActiveModel {
        conversation_id: Set(id),
        user_id: Set(*user_id),
        last_read_id: Set(0),
        joined_at: Set(now),
    });
    member::Entity::insert_many(rows)
        .exec_without_returning(txn)
        .await?;
    Ok((id, true))
}

/// Checks and stores one message; who should be told of it (those who had read
/// everything there before it).
async fn write(
    txn: &impl ConnectionTrait,
    conversation_id: i64,
    author_id: i64,
    writing: &Writing,
    now: DateTime<Utc>,
) -> AppResult<(message::Model, Vec<i64>)> {
    let as_html = kernel::sitemap::xml_escape(&writing.body);
    guard::check(
        txn,
        author_id,
        &Place(format!("messages:conversation:{conversation_id}")),
        BODY,
        &as_html,
        Guard {
            declared: writing.declared,
            blocking: false,
        },
    )
    .await?;
    let notify = all_read(txn, conversation_id, author_id).await?;
    let written = message::ActiveModel {
        conversation_id: Set(conversation_id),
        author_id: Set(author_id),
        body: Set(writing.body.clone()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    conversation::Entity::update_many()
        .col_expr(conversation::Column::LastMessageAt, Expr::value(now))
        .filter(conversation::Column::Id.eq(conversation_id))
        .exec(txn)
        .await?;
    super::reading::mark_read(txn, conversation_id, author_id, written.id).await?;
    Ok((written, notify))
}

/// The members of `conversation_id` other than `author_id` with nothing unread there.
async fn all_read(
    txn: &impl ConnectionTrait,
    conversation_id: i64,
    author_id: i64,
) -> AppResult<Vec<i64>> {
    let readers = members_of(txn, conversation_id).await?;
    let unread = super::reading::unread_by_member(txn, conversation_id).await?;
    Ok(readers
        .into_iter()
        .map(|m| m.user_id)
        .filter(|id| *id != author_id && unread.get(id).copied().unwrap_or(0) == 0)
        .collect())
}

/// Writes the message in `txn`, commits, and announces it to the conversation's members.
async fn post(
    ctx: &AppContext,
    txn: DatabaseTransaction,
    conversation_id: i64,
    author_id: i64,
    members: Vec<i64>,
    writing: &Writing,
    now: DateTime<Utc>,
) -> AppResult<Written> {
    let (written, notify) = write(&txn, conversation_id, author_id, writing, now).await?;
    txn.commit().await?;
    ctx.events
        .publish(MessageSent {
            conversation_id,
            message_id: written.id,
            author_id,
            members,
            notify,
        })
        .await;
    Ok(Written {
        conversation_id,
        message_id: written.id,
    })
}
