//! Replies in a topic (spec 2 §7 `/discussion/{id}/comments`): nested by `parent`, which
//! they quote.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::attachments::{self, Upload};
use super::mentions::{self, Mentions};
use super::new_post::{self, Thread, Written};
use super::place::Place;
use super::posts::{self};
use crate::Targets;
use crate::entity::post;

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
) -> AppResult<(Place, post::Model, Mentions)> {
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
    let thread = Thread::Reply {
        topic: &topic,
        parent: parent.as_ref(),
    };
    let written = Written {
        text: input.text,
        phi_declared: input.phi_declared,
        files: input.files,
    };
    let (reply, mentions) = new_post::write(ctx, user, &place, thread, written).await?;
    Ok((place, reply, mentions))
}

/// The author edits a reply's text and may add files.
pub async fn update(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    topic_id: i64,
    id: i64,
    input: ReplyInput,
) -> AppResult<(Place, post::Model, Mentions)> {
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
    let before = reply.text.clone();
    let saved = posts::save_edit(ctx, reply, text, None, stored).await?;
    let mentions = mentions::sort(
        ctx,
        &place,
        user.id,
        &saved.text,
        Some(&before),
        topic.is_public,
    )
    .await?;
    posts::announce_change(ctx, &saved, topic.is_public, mentions.told.clone()).await;
    Ok((place, saved, mentions))
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
    posts::announce_change(ctx, &deleted, topic.is_public, Vec::new()).await;
    Ok(())
}
