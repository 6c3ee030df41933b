//! The activity feed for `cohort seed --scale large`: items of every kind, public ones
//! and working groups' own, made in a few statements, the same on every run.

use chrono::Duration;
use kernel::AppResult;
use sea_orm::{ConnectionTrait, EntityTrait, PaginatorTrait, Set};

use super::activity::{ItemContent, RelatedContent};
use crate::entity::feed_item;
use crate::enums::{FeedEventType, FeedObjectType};

/// Makes `count` feed items by `actors` in `groups` (unless the feed holds that many).
pub async fn items(
    db: &impl ConnectionTrait,
    actors: &[i64],
    groups: &[i64],
    count: usize,
) -> AppResult<()> {
    if actors.is_empty()
        || groups.is_empty()
        || feed_item::Entity::find().count(db).await? >= count as u64
    {
        return Ok(());
    }
    let start = kernel::clock::now() - Duration::days(100);
    let kinds = [
        (
            FeedEventType::WorkingGroupDiscussionCreated,
            FeedObjectType::Discussion,
        ),
        (
            FeedEventType::WorkingGroupCommentCreated,
            FeedObjectType::Comment,
        ),
        (
            FeedEventType::WorkingGroupCreated,
            FeedObjectType::WorkingGroup,
        ),
        (FeedEventType::BlogCommentCreated, FeedObjectType::Comment),
    ];
    let rows = (0..count)
        .map(|n| {
            let (event, object) = kinds[n % kinds.len()];
            let group = groups[n % groups.len()];
            let text = format!("Update {n} on the working group's study");
            let content = ItemContent {
                id: Some(n as i64),
                text: Some(text.clone()),
                ..Default::default()
            };
            let related = RelatedContent {
                slug: Some(format!("scale-group-{}", n % groups.len() + 1)),
                title: Some(format!("Working group {}", n % groups.len() + 1)),
                ..Default::default()
            };
            feed_item::ActiveModel {
                event_type: Set(event),
                object_type: Set(object),
                actor_id: Set(Some(actors[n % actors.len()])),
                group_id: Set(Some(group)),
                // Two in three are public; the rest only the group's members see.
                is_public: Set(n % 3 != 0),
                content: Set(serde_json::to_string(&content).unwrap_or_default()),
                related_content: Set(serde_json::to_string(&related).unwrap_or_default()),
                search_text: Set(text.to_lowercase()),
                created_at: Set(start + Duration::seconds(n as i64 * 60)),
                ..Default::default()
            }
        })
        .collect();
    kernel::db::insert_batched(db, rows).await?;
    super::counts::recount(db).await
}
