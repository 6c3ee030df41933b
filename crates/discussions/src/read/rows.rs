//! The read model's statements: each reads one table for a whole batch of posts (or one
//! page), so a page costs the same few statements whatever it holds.

use std::collections::HashMap;

use kernel::{AppError, AppResult, Page, PageParams};
use sea_orm::sea_query::{Alias, Asterisk, Expr, ExprTrait, Func, Query, UnionType};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
};

use super::views::ReactionCount;
use crate::entity::{attachment, post, reaction, subscription, vote};
use crate::enums::{Emoji, Level, Reaction, SubjectType};
use crate::service::place::Place;

/// Spec 2 §9: discussion pages hold 10 (a place's topics, a topic's replies).
pub const PER_PAGE: u64 = 10;

/// A topic's replies, oldest first.
fn in_topic(topic_id: i64) -> sea_orm::Select<post::Entity> {
    post::Entity::find()
        .filter(post::Column::TopicId.eq(topic_id))
        .order_by_asc(post::Column::CreatedAt)
        .order_by_asc(post::Column::Id)
}

/// A page of the topics the viewer may read in `place`, newest first.
pub async fn topics(
    db: &impl ConnectionTrait,
    place: &Place,
    params: &PageParams,
) -> AppResult<Page<post::Model>> {
    let mut select = post::Entity::find()
        .filter(post::Column::TargetType.eq(place.topic_type.as_str()))
        .filter(post::Column::TargetId.eq(place.target_id))
        .filter(post::Column::TopicId.is_null());
    if !place.access.read_private {
        select = select.filter(post::Column::IsPublic.eq(true));
    }
    let select = select
        .order_by_desc(post::Column::CreatedAt)
        .order_by_desc(post::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// A topic and one page of its replies, in one statement: the topic's row and the page's
/// rows read through their indexes and joined with `UNION ALL`. Not found when `topic_id`
/// is no topic.
pub async fn topic_and_page(
    db: &impl ConnectionTrait,
    topic_id: i64,
    page: u64,
    per_page: u64,
) -> AppResult<(post::Model, Vec<post::Model>)> {
    let topic = post::Entity::find_by_id(topic_id).filter(post::Column::TopicId.is_null());
    let replies = in_topic(topic_id)
        .limit(per_page)
        .offset((page - 1) * per_page);
    // SQLite takes a LIMIT in a compound select only inside a subquery.
    let mut query = Query::select()
        .column(Asterisk)
        .from_subquery(QueryTrait::into_query(topic), Alias::new("topic"))
        .to_owned();
    query.union(
        UnionType::All,
        Query::select()
            .column(Asterisk)
            .from_subquery(QueryTrait::into_query(replies), Alias::new("page"))
            .to_owned(),
    );
    let rows = post::Entity::find()
        .from_raw_sql(db.get_database_backend().build(&query))
        .all(db)
        .await?;
    let (topics, mut replies): (Vec<_>, Vec<_>) =
        rows.into_iter().partition(|p| p.topic_id.is_none());
    let topic = topics.into_iter().next().ok_or_else(AppError::not_found)?;
    // A union keeps no order of its own.
    replies.sort_by_key(|r| (r.created_at, r.id));
    Ok((topic, replies))
}

/// The first page of replies of each topic (what a topic shows before "Load more
/// replies"), in one statement whatever the number of topics: each topic's first
/// [`PER_PAGE`] replies read through its index and joined with `UNION ALL`, so a topic of
/// thousands of replies costs what one of ten does.
pub async fn first_pages(
    db: &impl ConnectionTrait,
    topic_ids: &[i64],
) -> AppResult<HashMap<i64, Vec<post::Model>>> {
    let mut pages: HashMap<i64, Vec<post::Model>> = HashMap::new();
    let mut parts = topic_ids.iter().enumerate().map(|(i, &topic)| {
        // SQLite takes a LIMIT in a compound select only inside a subquery.
        Query::select()
            .column(Asterisk)
            .from_subquery(
                QueryTrait::into_query(in_topic(topic).limit(PER_PAGE)),
                Alias::new(format!("topic_{i}")),
            )
            .to_owned()
    });
    let Some(mut first) = parts.next() else {
        return Ok(pages);
    };
    for part in parts {
        first.union(UnionType::All, part);
    }
    let replies = post::Entity::find()
        .from_raw_sql(db.get_database_backend().build(&first))
        .all(db)
        .await?;
    for reply in replies {
        if let Some(topic) = reply.topic_id {
            pages.entry(topic).or_default().push(reply);
        }
    }
    // A union keeps no order of its own: each thread is put back in its order.
    for replies in pages.values_mut() {
        replies.sort_by_key(|r| (r.created_at, r.id));
    }
    Ok(pages)
}

/// The viewer's reactions to the given posts.
pub async fn reactions_of(
    db: &impl ConnectionTrait,
    user_id: i64,
    post_ids: &[i64],
) -> AppResult<HashMap<i64, Reaction>> {
    if post_ids.is_empty() {
        return Ok(Default::default());
    }
    Ok(vote::Entity::find()
        .filter(vote::Column::UserId.eq(user_id))
        .filter(vote::Column::PostId.is_in(post_ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.post_id, v.reaction))
        .collect())
}

/// Each post's reactions among `post_ids`, counted, with whether `viewer` gave each, in one
/// statement, in the fixed order of [`Emoji`].
pub async fn emoji_of(
    db: &impl ConnectionTrait,
    viewer: Option<i64>,
    post_ids: &[i64],
) -> AppResult<HashMap<i64, Vec<ReactionCount>>> {
    if post_ids.is_empty() {
        return Ok(Default::default());
    }
    let mine = Expr::case(reaction::Column::UserId.eq(viewer.unwrap_or(0)), 1).finally(0);
    let rows: Vec<(i64, Emoji, i64, i64)> = reaction::Entity::find()
        .select_only()
        .column(reaction::Column::PostId)
        .column(reaction::Column::Emoji)
        .column_as(reaction::Column::UserId.count(), "given")
        .column_as(
            Expr::expr(Func::sum(mine)).cast_as(Alias::new("bigint")),
            "mine",
        )
        .filter(reaction::Column::PostId.is_in(post_ids.to_vec()))
        .group_by(reaction::Column::PostId)
        .group_by(reaction::Column::Emoji)
        .into_tuple()
        .all(db)
        .await?;
    let mut found: HashMap<i64, Vec<ReactionCount>> = HashMap::new();
    for (post_id, emoji, count, mine) in rows {
        found.entry(post_id).or_default().push(ReactionCount {
            emoji,
            count,
            mine: mine > 0,
        });
    }
    for counts in found.values_mut() {
        counts.sort_by_key(|c| Emoji::ALL.iter().position(|e| *e == c.emoji));
    }
    Ok(found)
}

/// What `user_id` set on each of `topics` (absent: normal), in one statement.
pub async fn levels_on(
    db: &impl ConnectionTrait,
    user_id: i64,
    topics: &[i64],
) -> AppResult<HashMap<i64, Level>> {
    if topics.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(user_id))
        .filter(subscription::Column::SubjectType.eq(SubjectType::Topic))
        .filter(subscription::Column::SubjectId.is_in(topics.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.subject_id, s.level))
        .collect())
}

/// The files of each post, in the order they were attached.
pub async fn files_of(
    db: &impl ConnectionTrait,
    post_ids: &[i64],
) -> AppResult<HashMap<i64, Vec<attachment::Model>>> {
    let mut by_post: HashMap<i64, Vec<attachment::Model>> = HashMap::new();
    if post_ids.is_empty() {
        return Ok(by_post);
    }
    let rows = attachment::Entity::find()
        .filter(attachment::Column::PostId.is_in(post_ids.to_vec()))
        .order_by_asc(attachment::Column::Id)
        .all(db)
        .await?;
    for row in rows {
        by_post.entry(row.post_id).or_default().push(row);
    }
    Ok(by_post)
}
