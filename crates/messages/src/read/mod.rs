//! What the messages API answers, read in a fixed number of statements whatever the size
//! of the list or the conversation.

mod views;

pub use views::{
    BlockedMember, Conversation, ConversationSummary, Message, MessagePage, MessagePreview,
    Participant, UnreadMessages,
};

use std::collections::HashMap;

use kernel::pagination::{Page, PageParams, paginate};
use kernel::users::UserSummary;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entity::{conversation, member, message};
use crate::policy;
use crate::service::{members_for, reading, writing};

/// Conversations a page shows unless asked for another number.
pub const CONVERSATIONS_PER_PAGE: u64 = 20;
/// Messages a run holds.
pub const MESSAGES_PER_PAGE: u64 = 30;
/// How much of the newest message the list shows.
const PREVIEW_CHARS: usize = 120;

fn participants(ids: &[i64], me: i64, people: &HashMap<i64, UserSummary>) -> Vec<Participant> {
    ids.iter()
        .filter(|id| **id != me)
        .filter_map(|id| people.get(id).map(Participant::of))
        .collect()
}

/// `me`'s conversations, the newest activity first: six statements.
pub async fn conversations(
    ctx: &AppContext,
    me: i64,
    params: &PageParams,
) -> AppResult<Page<ConversationSummary>> {
    let mine = Query::select()
        .column(member::Column::ConversationId)
        .from(member::Entity)
        .and_where(member::Column::UserId.eq(me))
        .to_owned();
    let select = conversation::Entity::find()
        .filter(conversation::Column::Id.in_subquery(mine))
        .order_by_desc(conversation::Column::LastMessageAt)
        .order_by_desc(conversation::Column::Id);
    let page = paginate(&ctx.db, select, params, CONVERSATIONS_PER_PAGE).await?;
    let ids: Vec<i64> = page.data.iter().map(|c| c.id).collect();
    let members = member::Entity::find()
        .filter(member::Column::ConversationId.is_in(ids.clone()))
        .all(&ctx.db)
        .await?;
    let newest = Query::select()
        .expr(message::Column::Id.max())
        .from(message::Entity)
        .and_where(message::Column::ConversationId.is_in(ids.clone()))
        .and_where(message::Column::DeletedAt.is_null())
        .and_where(message::Column::HiddenAt.is_null())
        .group_by_col(message::Column::ConversationId)
        .to_owned();
    let last: HashMap<i64, message::Model> = message::Entity::find()
        .filter(message::Column::Id.in_subquery(newest))
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|m| (m.conversation_id, m))
        .collect();
    let unread = reading::unread_in(&ctx.db, me, &ids).await?;
    let mut people_ids: Vec<i64> = members.iter().map(|m| m.user_id).collect();
    people_ids.sort_unstable();
    people_ids.dedup();
    let people = ctx.users.summaries(&people_ids).await?;
    let mut in_each: HashMap<i64, Vec<i64>> = HashMap::new();
    for m in &members {
        in_each
            .entry(m.conversation_id)
            .or_default()
            .push(m.user_id);
    }
    Ok(page.map(|c| ConversationSummary {
        id: c.id,
        others: participants(in_each.get(&c.id).map_or(&[], Vec::as_slice), me, &people),
        last_message: last.get(&c.id).map(|m| MessagePreview {
            author_id: m.author_id,
            excerpt: kernel::rich_text::excerpt(&m.body, PREVIEW_CHARS),
            created_at: m.created_at,
        }),
        last_message_at: c.last_message_at,
        unread: unread.get(&c.id).copied().unwrap_or(0),
    }))
}

/// Conversation `id` as `me` sees it (404 unless they are in it).
pub async fn conversation(ctx: &AppContext, me: i64, id: i64) -> AppResult<Conversation> {
    let everyone = members_for(&ctx.db, id, me).await?;
    let people = ctx.users.summaries(&everyone).await?;
    let cannot_send = writing::cannot_send(ctx, me, &everyone).await?;
    Ok(Conversation {
        id,
        others: participants(&everyone, me, &people),
        cannot_send: cannot_send.map(|r| r.text()),
    })
}

/// Up to [`MESSAGES_PER_PAGE`] messages of conversation `id` before message `before` (the
/// newest when absent), oldest first, as `me` reads them (404 unless they are in it).
pub async fn messages(
    ctx: &AppContext,
    me: i64,
    id: i64,
    before: Option<i64>,
) -> AppResult<MessagePage> {
    members_for(&ctx.db, id, me).await?;
    let mut select = message::Entity::find().filter(message::Column::ConversationId.eq(id));
    if let Some(before) = before {
        select = select.filter(message::Column::Id.lt(before));
    }
    let mut rows = select
        .order_by_desc(message::Column::Id)
        .limit(MESSAGES_PER_PAGE + 1)
        .all(&ctx.db)
        .await?;
    let has_more = rows.len() as u64 > MESSAGES_PER_PAGE;
    rows.truncate(MESSAGES_PER_PAGE as usize);
    rows.reverse();
    let mut authors: Vec<i64> = rows.iter().map(|m| m.author_id).collect();
    authors.sort_unstable();
    authors.dedup();
    let people = ctx.users.summaries(&authors).await?;
    Ok(MessagePage {
        data: rows.into_iter().map(|m| read_as(m, me, &people)).collect(),
        has_more,
    })
}

/// One message as `me` reads it: a removed one keeps its place without its words (a
/// hidden one shows them, and why, to its author only).
fn read_as(m: message::Model, me: i64, people: &HashMap<i64, UserSummary>) -> Message {
    let mine = m.author_id == me;
    let deleted = m.deleted_at.is_some();
    let hidden = m.hidden_at.is_some();
    let shows = !deleted && (!hidden || mine);
    Message {
        id: m.id,
        conversation_id: m.conversation_id,
        author: people.get(&m.author_id).map_or_else(
            || Participant {
                id: m.author_id,
                name: String::new(),
                avatar: None,
            },
            Participant::of,
        ),
        can_report: policy::may_report(me, m.author_id, deleted),
        body: shows.then_some(m.body),
        created_at: m.created_at,
        hidden,
        hidden_reason: m.hidden_reason.filter(|_| mine && hidden),
        deleted,
        mine,
    }
}

/// Marks conversation `id` read by `me` up to its newest message; their unread count now.
pub async fn read_all(ctx: &AppContext, me: i64, id: i64) -> AppResult<UnreadMessages> {
    members_for(&ctx.db, id, me).await?;
    let newest: Option<i64> = message::Entity::find()
        .select_only()
        .column_as(message::Column::Id.max(), "newest")
        .filter(message::Column::ConversationId.eq(id))
        .into_tuple()
        .one(&ctx.db)
        .await?
        .flatten();
    if let Some(newest) = newest {
        reading::mark_read(&ctx.db, id, me, newest).await?;
    }
    Ok(UnreadMessages {
        unread_messages: reading::unread_total(&ctx.db, me).await?,
    })
}

/// Message `id` as its author `me` reads it right after writing it.
pub async fn message(ctx: &AppContext, me: i64, id: i64) -> AppResult<Message> {
    let found = message::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let people = ctx.users.summaries(&[found.author_id]).await?;
    Ok(read_as(found, me, &people))
}
