//! What members have read: read marks, and the unread counts the list and the header show.

use std::collections::HashMap;

use kernel::AppResult;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QuerySelect, RelationTrait,
    Select,
};

use crate::entity::{member, message};

/// Moves `user_id`'s read mark in `conversation_id` up to `message_id` (never back: a late
/// request from an old tab changes nothing).
pub async fn mark_read(
    db: &impl ConnectionTrait,
    conversation_id: i64,
    user_id: i64,
    message_id: i64,
) -> AppResult<()> {
    member::Entity::update_many()
        .col_expr(member::Column::LastReadId, Expr::value(message_id))
        .filter(member::Column::ConversationId.eq(conversation_id))
        .filter(member::Column::UserId.eq(user_id))
        .filter(member::Column::LastReadId.lt(message_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The messages each reader has not read: live ones from others past their read mark.
fn unread() -> Select<message::Entity> {
    message::Entity::find()
        .join(JoinType::InnerJoin, message::Relation::Member.def())
        .filter(
            Expr::col((message::Entity, message::Column::Id))
                .gt(Expr::col((member::Entity, member::Column::LastReadId))),
        )
        .filter(
            Expr::col((message::Entity, message::Column::AuthorId))
                .ne(Expr::col((member::Entity, member::Column::UserId))),
        )
        .filter(message::Column::DeletedAt.is_null())
}

/// How many messages each member of `conversation_id` has not read there, in one statement.
pub async fn unread_by_member(
    db: &impl ConnectionTrait,
    conversation_id: i64,
) -> AppResult<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = unread()
        .select_only()
        .column(member::Column::UserId)
        .column_as(message::Column::Id.count(), "unread")
        .filter(message::Column::ConversationId.eq(conversation_id))
        .group_by(member::Column::UserId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// How many messages `user_id` has not read in each of `conversation_ids`, in one statement.
pub async fn unread_in(
    db: &impl ConnectionTrait,
    user_id: i64,
    conversation_ids: &[i64],
) -> AppResult<HashMap<i64, i64>> {
    if conversation_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = unread()
        .select_only()
        .column(message::Column::ConversationId)
        .column_as(message::Column::Id.count(), "unread")
        .filter(member::Column::UserId.eq(user_id))
        .filter(message::Column::ConversationId.is_in(conversation_ids.to_vec()))
        .group_by(message::Column::ConversationId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// How many messages `user_id` has not read across their conversations (the header's count).
pub async fn unread_total(db: &impl ConnectionTrait, user_id: i64) -> AppResult<i64> {
    let count: Option<i64> = unread()
        .select_only()
        .column_as(message::Column::Id.count(), "unread")
        .filter(member::Column::UserId.eq(user_id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(count.unwrap_or(0))
}
