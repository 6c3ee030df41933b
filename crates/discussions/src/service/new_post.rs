//! Writing a new post, topic or reply (issue 48 §2): both check the text against the
//! patient-data guardrail, store their files, write the row and attach the files in one
//! transaction, count it on its place and announce it. What differs is said by [`Thread`].

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::attachments::{self, Upload};
use super::mentions::{self, Mentions};
use super::place::Place;
use super::{posts, subscriptions};
use crate::entity::post;
use crate::enums::{Level, SubjectType};
use crate::events::DiscussionPosted;

/// Where a new post goes.
pub enum Thread<'a> {
    /// A new topic of the place, public or for its members.
    Start { is_public: bool },
    /// A reply in `topic`, answering and quoting `parent` when given.
    Reply {
        topic: &'a post::Model,
        parent: Option<&'a post::Model>,
    },
}

impl Thread<'_> {
    fn is_public(&self) -> bool {
        match self {
            Thread::Start { is_public } => *is_public,
            Thread::Reply { topic, .. } => topic.is_public,
        }
    }

    fn topic_id(&self) -> Option<i64> {
        match self {
            Thread::Start { .. } => None,
            Thread::Reply { topic, .. } => Some(topic.id),
        }
    }

    /// Whose post the new one answers: the reply it quotes, else the topic's author.
    fn answers(&self) -> Option<i64> {
        match self {
            Thread::Start { .. } => None,
            Thread::Reply { topic, parent } => {
                Some(parent.map_or(topic.created_by_id, |p| p.created_by_id))
            }
        }
    }

    /// What the thread keeps of its new post, in the transaction that writes it.
    async fn record(
        &self,
        txn: &impl ConnectionTrait,
        user: &CurrentUser,
        post_id: i64,
    ) -> AppResult<()> {
        match self {
            // Authors follow their topics: every reply reaches them until they say otherwise.
            Thread::Start { .. } => {
                subscriptions::set(txn, user.id, SubjectType::Topic, post_id, Level::Following)
                    .await
            }
            Thread::Reply { topic, .. } => {
                post::Entity::update_many()
                    .col_expr(
                        post::Column::NumReplies,
                        Expr::col(post::Column::NumReplies).add(1),
                    )
                    .filter(post::Column::Id.eq(topic.id))
                    .exec(txn)
                    .await?;
                posts::reply_added(txn, post_id, topic.id).await
            }
        }
    }
}

/// What the member wrote.
pub struct Written {
    pub text: Option<String>,
    /// The author declared they may share what the guardrail found.
    pub phi_declared: bool,
    pub files: Vec<Upload>,
}

/// Writes `user`'s new post in `place` (who may write there is the caller's to check);
/// with whom its @mentions reach.
pub async fn write(
    ctx: &AppContext,
    user: &CurrentUser,
    place: &Place,
    thread: Thread<'_>,
    written: Written,
) -> AppResult<(post::Model, Mentions)> {
    let text = posts::guarded_text(
        ctx,
        user,
        place,
        written.text.as_deref(),
        &written.files,
        written.phi_declared,
    )
    .await?;
    attachments::check(&written.files, 0)?;
    let stored = attachments::store(ctx, written.files).await?;
    let is_public = thread.is_public();
    let saved = async {
        let txn = kernel::db::begin_write(&ctx.db).await?;
        let now = kernel::clock::now();
        let post = post::ActiveModel {
            target_type: Set(place.topic_type),
            target_id: Set(place.target_id),
            topic_id: Set(thread.topic_id()),
            parent_id: Set(match &thread {
                Thread::Reply { parent, .. } => parent.map(|p| p.id),
                Thread::Start { .. } => None,
            }),
            is_public: Set(is_public),
            text: Set(text),
            created_by_id: Set(user.id),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        attachments::attach(&txn, post.id, &stored).await?;
        thread.record(&txn, user, post.id).await?;
        txn.commit().await?;
        Ok::<_, AppError>(post)
    }
    .await;
    let post = attachments::kept_if(ctx, &stored, saved).await?;
    place.counted(1, is_public).await?;
    let mentions = mentions::sort(ctx, place, user.id, &post.text, None, is_public).await?;
    ctx.events
        .publish(DiscussionPosted {
            topic_type: place.topic_type,
            target_id: place.target_id,
            topic_id: thread.topic_id().unwrap_or(post.id),
            post_id: post.id,
            author_id: user.id,
            parent_author_id: thread.answers(),
            is_public,
            text: kernel::rich_text::plain_text(&post.text),
            mentioned: mentions.told.clone(),
        })
        .await;
    Ok((post, mentions))
}
