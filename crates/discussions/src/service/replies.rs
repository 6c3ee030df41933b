//! Replies in a topic (spec 2 §7 `/discussion/{id}/comments`): nested by `parent`, which
//! they quote.

use std::collections::HashMap;

use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::{Alias, Asterisk, Expr, ExprTrait, Query, UnionType};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, QueryTrait, Set,
};

use super::attachments::{self, Upload};
use super::place::Place;
use super::posts::{self, PER_PAGE};
use crate::Targets;
use crate::entity::post;
use crate::events::DiscussionPosted;

pub const TOPIC_DELETED: &str = "This topic has been deleted.";
pub const NOT_IN_TOPIC: &str = "The reply you answer is not in this discussion.";

/// What a member writes when replying or editing a reply.
#[derive(Debug, Default)]
pub struct ReplyInput {
    pub text: Option<String>,
    pub parent: Option<i64>,
    /// The author declared they may share what the guardrail found.
    pub phi_declared: bool,
    pub files: Vec<Upload>,
}

fn in_topic(topic_id: i64) -> sea_orm::Select<post::Entity> {
    post::Entity::find()
        .filter(post::Column::TopicId.eq(topic_id))
        .order_by_asc(post::Column::CreatedAt)
        .order_by_asc(post::Column::Id)
}

/// A page of a readable topic's replies, oldest first.
pub async fn list(
    ctx: &AppContext,
    targets: &Targets,
    viewer: Option<&CurrentUser>,
    topic_id: i64,
    params: &PageParams,
) -> AppResult<(Place, Page<post::Model>)> {
    let (page, per_page) = params.bounds(PER_PAGE)?;
    let (topic, replies) = topic_and_page(&ctx.db, topic_id, page, per_page).await?;
    let place = posts::place_to_read(targets, &topic, viewer).await?;
    // The topic counts its replies (deleted ones too, as the thread shows them).
    let count = u64::try_from(topic.num_replies).unwrap_or_default();
    Ok((
        place,
        kernel::pagination::page_of(replies, page, per_page, count),
    ))
}

/// A topic and one page of its replies, in one statement: the topic's row and the page's
/// rows read through their indexes and joined with `UNION ALL`. Not found when `topic_id`
/// is no topic.
async fn topic_and_page(
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

/// Posts by id (the parents a page quotes).
pub async fn by_ids(db: &impl ConnectionTrait, ids: Vec<i64>) -> AppResult<Vec<post::Model>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(post::Entity::find()
        .filter(post::Column::Id.is_in(ids))
        .all(db)
        .await?)
}

/// A reply of this topic by id.
async fn of_topic(db: &impl ConnectionTrait, topic_id: i64, id: i64) -> AppResult<post::Model> {
    post::Entity::find_by_id(id)
        .filter(post::Column::TopicId.eq(topic_id))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Replies in a topic, quoting `parent` when given.
pub async fn create(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    topic_id: i64,
    input: ReplyInput,
) -> AppResult<(Place, post::Model)> {
    let (place, topic) = posts::readable_topic(&ctx.db, targets, topic_id, Some(user)).await?;
    place.require_write()?;
    if topic.deleted_at.is_some() {
        return Err(AppError::bad_request("topic_deleted", TOPIC_DELETED));
    }
    let parent = match input.parent {
        Some(id) => Some(
            of_topic(&ctx.db, topic_id, id)
                .await
                .map_err(|_| AppError::field("parent", NOT_IN_TOPIC))?,
        ),
        None => None,
    };
    let text = posts::guarded_text(
        ctx,
        user,
        &place,
        input.text.as_deref(),
        &input.files,
        input.phi_declared,
    )
    .await?;
    attachments::check(&input.files, 0)?;
    let stored = attachments::store(ctx, input.files).await?;
    let saved = async {
        let txn = kernel::db::begin_write(&ctx.db).await?;
        let now = kernel::clock::now();
        let reply = post::ActiveModel {
            target_type: Set(topic.target_type),
            target_id: Set(topic.target_id),
            topic_id: Set(Some(topic.id)),
            parent_id: Set(parent.as_ref().map(|p| p.id)),
            is_public: Set(topic.is_public),
            text: Set(text),
            created_by_id: Set(user.id),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        attachments::attach(&txn, reply.id, &stored).await?;
        post::Entity::update_many()
            .col_expr(
                post::Column::NumReplies,
                Expr::col(post::Column::NumReplies).add(1),
            )
            .filter(post::Column::Id.eq(topic.id))
            .exec(&txn)
            .await?;
        posts::reply_added(&txn, reply.id, topic.id).await?;
        txn.commit().await?;
        Ok::<_, AppError>(reply)
    }
    .await;
    let reply = attachments::kept_if(ctx, &stored, saved).await?;
    place.counted(1, topic.is_public).await?;
    let parent_author_id = Some(parent.map_or(topic.created_by_id, |p| p.created_by_id));
    ctx.events
        .publish(DiscussionPosted {
            topic_type: place.topic_type,
            target_id: topic.target_id,
            topic_id: topic.id,
            post_id: reply.id,
            author_id: user.id,
            parent_author_id,
            is_public: topic.is_public,
            text: kernel::rich_text::plain_text(&reply.text),
        })
        .await;
    Ok((place, reply))
}

/// The author edits a reply's text and may add files.
pub async fn update(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    topic_id: i64,
    id: i64,
    input: ReplyInput,
) -> AppResult<(Place, post::Model)> {
    let (place, topic) = posts::readable_topic(&ctx.db, targets, topic_id, Some(user)).await?;
    let reply = of_topic(&ctx.db, topic_id, id).await?;
    posts::require_editable(&reply, user, &place)?;
    let text = posts::guarded_text(
        ctx,
        user,
        &place,
        input.text.as_deref(),
        &input.files,
        input.phi_declared,
    )
    .await?;
    attachments::check(&input.files, attachments::count(&ctx.db, reply.id).await?)?;
    let stored = attachments::store(ctx, input.files).await?;
    let saved = posts::save_edit(ctx, reply, text, None, stored).await?;
    posts::announce_change(ctx, &saved, topic.is_public).await;
    Ok((place, saved))
}

/// The author, or a moderator of the target, deletes a reply.
pub async fn delete(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    topic_id: i64,
    id: i64,
) -> AppResult<()> {
    let (place, topic) = posts::readable_topic(&ctx.db, targets, topic_id, Some(user)).await?;
    let reply = of_topic(&ctx.db, topic_id, id).await?;
    let deleted = posts::delete(&ctx.db, reply, user, &place, topic.is_public).await?;
    posts::announce_change(ctx, &deleted, topic.is_public).await;
    Ok(())
}
