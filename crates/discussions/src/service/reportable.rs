//! Topics and replies as members report them and moderators act on them (issue 23,
//! item 2). A post in a working group's discussion is reviewed by the group's owner and
//! moderators too; one on a blog post or project by staff.

use std::collections::HashMap;

use async_trait::async_trait;
use kernel::moderation::{Reportable, Subject};
use kernel::{AppContext, AppResult, CurrentUser};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};

use super::place::Place;
use super::posts;
use crate::entity::post;
use crate::enums::TopicType;
use crate::policy;
use crate::target::Targets;

/// How long a post's name is in the queue and the log: its text's first characters.
const TITLE_CHARS: usize = 80;

/// Topics (`replies` false) or replies.
pub struct Posts {
    ctx: AppContext,
    targets: Targets,
    replies: bool,
}

impl Posts {
    pub fn topics(ctx: AppContext, targets: Targets) -> Self {
        Self {
            ctx,
            targets,
            replies: false,
        }
    }

    pub fn replies(ctx: AppContext, targets: Targets) -> Self {
        Self {
            ctx,
            targets,
            replies: true,
        }
    }

    /// The live post `id` of this kind, with its topic.
    async fn find(&self, id: i64) -> AppResult<Option<(post::Model, post::Model)>> {
        let Some(found) = post::Entity::find_by_id(id).one(&self.ctx.db).await? else {
            return Ok(None);
        };
        if found.deleted_at.is_some() || found.topic_id.is_some() != self.replies {
            return Ok(None);
        }
        let topic = match found.topic_id {
            Some(topic_id) => post::Entity::find_by_id(topic_id).one(&self.ctx.db).await?,
            None => Some(found.clone()),
        };
        Ok(topic
            .filter(|t| t.deleted_at.is_none())
            .map(|topic| (found, topic)))
    }

    /// The topic's public state, which the feed and the counts are told with.
    async fn saved(&self, saved: &post::Model, topic: &post::Model) {
        posts::announce_change(&self.ctx, saved, topic.is_public, Vec::new()).await;
    }
}

fn group_of(topic: &post::Model) -> Option<i64> {
    (topic.target_type == TopicType::Groups).then_some(topic.target_id)
}

#[async_trait]
impl Reportable for Posts {
    async fn describe(&self, ids: &[i64]) -> AppResult<HashMap<i64, Subject>> {
        let found: Vec<post::Model> = post::by_ids(&self.ctx.db, ids.to_vec())
            .await?
            .into_iter()
            .filter(|p| p.deleted_at.is_none() && p.topic_id.is_some() == self.replies)
            .collect();
        let topic_ids = found.iter().filter_map(|p| p.topic_id).collect();
        let topics: HashMap<i64, post::Model> = post::by_ids(&self.ctx.db, topic_ids)
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect();
        let topic_of = |p: &post::Model| match p.topic_id {
            Some(id) => topics.get(&id).cloned(),
            None => Some(p.clone()),
        };
        let mut wanted: HashMap<TopicType, Vec<i64>> = HashMap::new();
        for topic in found.iter().filter_map(topic_of) {
            wanted
                .entry(topic.target_type)
                .or_default()
                .push(topic.target_id);
        }
        // Named as anyone sees them: a place no longer public has no link.
        let places = self.targets.names(wanted, None).await?;
        Ok(found
            .iter()
            .filter_map(|p| {
                let topic = topic_of(p)?;
                let route = places
                    .get(&(topic.target_type, topic.target_id))
                    .map(|place| format!("{}#discussion", place.route))
                    .unwrap_or_default();
                Some((
                    p.id,
                    Subject {
                        author_id: Some(p.created_by_id),
                        group_id: group_of(&topic),
                        title: kernel::rich_text::excerpt(
                            &kernel::rich_text::plain_text(&p.text),
                            TITLE_CHARS,
                        ),
                        route,
                        hidden: p.hidden_at.is_some(),
                    },
                ))
            })
            .collect())
    }

    async fn readable(&self, id: i64, viewer: &CurrentUser) -> AppResult<bool> {
        let Some((_, topic)) = self.find(id).await? else {
            return Ok(false);
        };
        let Ok(place) = Place::of(
            &self.targets,
            topic.target_type,
            topic.target_id,
            Some(viewer),
        )
        .await
        else {
            return Ok(false);
        };
        Ok(policy::may_read(topic.is_public, place.access))
    }

    fn removable(&self) -> bool {
        true
    }

    async fn set_hidden(&self, id: i64, reason: Option<&str>) -> AppResult<()> {
        let Some((found, topic)) = self.find(id).await? else {
            return Ok(());
        };
        let txn = kernel::db::begin_write(&self.ctx.db).await?;
        let mut active: post::ActiveModel = found.into();
        active.hidden_at = Set(reason.map(|_| kernel::clock::now()));
        active.hidden_reason = Set(reason.map(str::to_owned));
        let saved = active.update(&txn).await?;
        if saved.topic_id.is_none() {
            posts::topic_state_changed(&txn, saved.id).await?;
        }
        txn.commit().await?;
        let topic = if saved.id == topic.id {
            saved.clone()
        } else {
            topic
        };
        self.saved(&saved, &topic).await;
        Ok(())
    }

    async fn delete(&self, id: i64, by: i64) -> AppResult<()> {
        let Some((found, topic)) = self.find(id).await? else {
            return Ok(());
        };
        let place = Place::for_moderation(&self.targets, topic.target_type, topic.target_id)?;
        if let posts::Deleted::Now(deleted) = posts::mark_deleted(&self.ctx.db, found, by).await? {
            place.counted(-1, topic.is_public).await?;
            self.saved(&deleted, &topic).await;
        }
        Ok(())
    }
}
