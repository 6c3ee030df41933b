//! The read model of discussions (issue 48 §7, the shape of Lemmy's `db_views`): what the
//! API shows of topics and replies, read from the crate's tables in a fixed number of
//! statements for a whole page, whatever it holds. The services write and decide; the API
//! reads here, also to answer a write with the post as its author now sees it.

mod batch;
mod rows;
mod views;

use kernel::pagination::page_of;
use kernel::{AppContext, AppResult, CurrentUser, Page, PageParams};

use self::batch::Batch;
pub use self::rows::{PER_PAGE, emoji_of};
pub use self::views::{Attachment, Author, Comment, Quote, ReactionCount, Topic, Votes};
use crate::Targets;
use crate::entity::post;
use crate::service::place::Place;
use crate::service::posts;

/// A page of the topics of `place` the viewer may read, newest first, each with its first
/// page of replies.
pub async fn topics_page(
    ctx: &AppContext,
    viewer: Option<&CurrentUser>,
    place: &Place,
    params: &PageParams,
) -> AppResult<Page<Topic>> {
    let Page { data, pagination } = rows::topics(&ctx.db, place, params).await?;
    let ids: Vec<i64> = data.iter().map(|t| t.id).collect();
    let mut first = rows::first_pages(&ctx.db, &ids).await?;
    let mut all: Vec<&post::Model> = data.iter().collect();
    all.extend(first.values().flatten());
    let batch = Batch::load(ctx, viewer, place.access, &all).await?;
    let data = data
        .into_iter()
        .map(|t| {
            let replies = first.remove(&t.id).unwrap_or_default();
            batch.topic(t, replies)
        })
        .collect();
    Ok(Page { data, pagination })
}

/// A topic as `viewer` sees it in `place`, with its first page of replies.
pub async fn topic(
    ctx: &AppContext,
    viewer: &CurrentUser,
    place: &Place,
    topic: post::Model,
) -> AppResult<Topic> {
    let first = rows::first_pages(&ctx.db, &[topic.id]).await?;
    let shown = first.get(&topic.id).cloned().unwrap_or_default();
    let mut all: Vec<&post::Model> = shown.iter().collect();
    all.push(&topic);
    let batch = Batch::load(ctx, Some(viewer), place.access, &all).await?;
    Ok(batch.topic(topic, shown))
}

/// A page of a topic's replies, oldest first; not found when the viewer may not read it.
pub async fn replies_page(
    ctx: &AppContext,
    targets: &Targets,
    viewer: Option<&CurrentUser>,
    topic_id: i64,
    params: &PageParams,
) -> AppResult<Page<Comment>> {
    let (page, per_page) = params.bounds(PER_PAGE)?;
    let (topic, replies) = rows::topic_and_page(&ctx.db, topic_id, page, per_page).await?;
    let place = posts::place_to_read(targets, &topic, viewer).await?;
    let batch = Batch::load(
        ctx,
        viewer,
        place.access,
        &replies.iter().collect::<Vec<_>>(),
    )
    .await?;
    // The topic counts its replies (deleted ones too, as the thread shows them).
    let count = u64::try_from(topic.num_replies).unwrap_or_default();
    let shown = replies.into_iter().map(|r| batch.comment(r)).collect();
    Ok(page_of(shown, page, per_page, count))
}

/// A reply as `viewer` sees it in `place`.
pub async fn reply(
    ctx: &AppContext,
    viewer: &CurrentUser,
    place: &Place,
    reply: post::Model,
) -> AppResult<Comment> {
    let batch = Batch::load(ctx, Some(viewer), place.access, &[&reply]).await?;
    Ok(batch.comment(reply))
}
