//! Topics (spec 2 §2 Discussion panel, §7 `/{topicType}/{id}/discussions`).

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::ConnectionTrait;

use super::attachments::{self, Upload};
use super::mentions::{self, Mentions};
use super::new_post::{self, Thread, Written};
use super::place::Place;
use super::posts;
use crate::Targets;
use crate::entity::post;
use crate::enums::TopicType;

pub const NO_PARENT: &str = "A topic has no parent; reply in the topic instead.";

/// What a member writes when starting or editing a topic.
#[derive(Debug, Default)]
pub struct TopicInput {
    pub text: Option<String>,
    /// Missing means public.
    pub is_public: Option<bool>,
    pub parent: Option<i64>,
    /// The author declared they may share what the guardrail found.
    pub phi_declared: bool,
    pub files: Vec<Upload>,
}

fn check_privacy(place: &Place, is_public: bool) -> AppResult<()> {
    if !is_public && !place.access.set_private {
        return Err(AppError::forbidden());
    }
    Ok(())
}

/// Starts a topic, with its files.
pub async fn create(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    topic_type: TopicType,
    target_id: i64,
    input: TopicInput,
) -> AppResult<(Place, post::Model, Mentions)> {
    let place = Place::of(targets, topic_type, target_id, Some(user)).await?;
    place.require_write()?;
    if input.parent.is_some() {
        return Err(AppError::field("parent", NO_PARENT));
    }
    let is_public = input.is_public.unwrap_or(true);
    check_privacy(&place, is_public)?;
    let thread = Thread::Start { is_public };
    let written = Written {
        text: input.text,
        phi_declared: input.phi_declared,
        files: input.files,
    };
    let (topic, mentions) = new_post::write(ctx, user, &place, thread, written).await?;
    Ok((place, topic, mentions))
}

/// A topic of this place by id.
async fn of_place(db: &impl ConnectionTrait, place: &Place, id: i64) -> AppResult<post::Model> {
    let topic = posts::topic(db, id).await?;
    if topic.target_type != place.topic_type || topic.target_id != place.target_id {
        return Err(AppError::not_found());
    }
    if !crate::policy::may_read(topic.is_public, place.access) {
        return Err(AppError::not_found());
    }
    Ok(topic)
}

/// The author edits a topic's text and privacy, and may add files.
pub async fn update(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    topic_type: TopicType,
    target_id: i64,
    id: i64,
    input: TopicInput,
) -> AppResult<(Place, post::Model, Mentions)> {
    let place = Place::of(targets, topic_type, target_id, Some(user)).await?;
    let topic = of_place(&ctx.db, &place, id).await?;
    posts::require_editable(&topic, user, &place)?;
    let is_public = input.is_public.unwrap_or(topic.is_public);
    if is_public != topic.is_public {
        check_privacy(&place, is_public)?;
    }
    let text = posts::guarded_text(
        ctx,
        user,
        &place,
        input.text.as_deref(),
        &input.files,
        input.phi_declared,
    )
    .await?;
    attachments::check(&input.files, attachments::count(&ctx.db, topic.id).await?)?;
    let stored = attachments::store(ctx, input.files).await?;
    let was_public = topic.is_public;
    let before = topic.text.clone();
    let saved = posts::save_edit(ctx, topic, text, Some(is_public), stored).await?;
    if was_public != is_public {
        let posts = 1 + posts::live_replies(&ctx.db, saved.id).await?;
        place
            .made_public(if is_public { posts } else { -posts })
            .await?;
    }
    let mentions =
        mentions::sort(ctx, &place, user.id, &saved.text, Some(&before), is_public).await?;
    posts::announce_change(ctx, &saved, saved.is_public, mentions.told.clone()).await;
    Ok((place, saved, mentions))
}

/// The author, or a moderator of the target, deletes a topic.
pub async fn delete(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    topic_type: TopicType,
    target_id: i64,
    id: i64,
) -> AppResult<()> {
    let place = Place::of(targets, topic_type, target_id, Some(user)).await?;
    let topic = of_place(&ctx.db, &place, id).await?;
    let is_public = topic.is_public;
    let deleted = posts::delete(&ctx.db, topic, user, &place, is_public).await?;
    posts::announce_change(ctx, &deleted, deleted.is_public, Vec::new()).await;
    Ok(())
}
