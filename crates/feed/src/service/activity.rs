//! The activity feed (spec 2 §2 Feed, §3 Feed item): items recorded from facts, listed
//! newest first with the viewer's visibility, filters and search.

use kernel::{AppResult, Page, PageParams};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::entity::feed_item;
use crate::enums::{FeedEventType, FeedObjectType};

/// Spec 2 §9: feed pages hold 10.
pub const PER_PAGE: u64 = 10;

/// What the item is about.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct ItemContent {
    pub id: Option<i64>,
    pub text: Option<String>,
    /// The topic a comment or discussion belongs to (for Reply).
    pub discussion_id: Option<i64>,
    pub slug: Option<String>,
    pub image: Option<String>,
}

/// Where it happened.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct RelatedContent {
    pub slug: Option<String>,
    pub title: Option<String>,
    pub summary: Option<String>,
    pub image: Option<String>,
    pub image_link_thumbnail: Option<String>,
}

/// An item to record.
#[derive(Debug, Clone)]
pub struct NewItem {
    pub event_type: FeedEventType,
    pub object_type: FeedObjectType,
    pub actor_id: Option<i64>,
    pub group_id: Option<i64>,
    pub is_public: bool,
    pub content: ItemContent,
    pub related: RelatedContent,
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".into())
}

fn search_text(content: &ItemContent, related: &RelatedContent) -> String {
    [
        content.text.as_deref(),
        related.title.as_deref(),
        related.summary.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ")
    .to_lowercase()
}

/// The kinds of item that show a post, and so follow it as it changes.
fn shows_a_post(object_type: FeedObjectType) -> bool {
    matches!(
        object_type,
        FeedObjectType::Discussion | FeedObjectType::Comment
    )
}

/// Records an activity item, counted for its audience in the same transaction.
pub async fn record(db: &DatabaseConnection, item: NewItem) -> AppResult<()> {
    let search = search_text(&item.content, &item.related);
    let (object_id, discussion_id) = if shows_a_post(item.object_type) {
        (item.content.id, item.content.discussion_id)
    } else {
        (None, None)
    };
    let txn = kernel::db::begin_write(db).await?;
    let audience = super::counts::scope_of(item.is_public, item.group_id);
    feed_item::ActiveModel {
        event_type: Set(item.event_type),
        object_type: Set(item.object_type),
        actor_id: Set(item.actor_id),
        group_id: Set(item.group_id),
        is_public: Set(item.is_public),
        content: Set(json(&item.content)),
        related_content: Set(json(&item.related)),
        object_id: Set(object_id),
        discussion_id: Set(discussion_id),
        search_text: Set(search),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    if let Some(scope) = audience {
        super::counts::add(&txn, scope, 1).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// What a post reads now: its plain-text excerpt, or nothing once deleted; and whether
/// its topic is public.
#[derive(Debug, Clone)]
pub struct PostNow {
    pub topic_id: i64,
    pub post_id: i64,
    pub excerpt: Option<String>,
    pub is_public: bool,
}

/// Brings the items of a post's thread in line with it: the post's own item shows its
/// current text, or goes once it is deleted; every item of the thread takes the topic's
/// privacy. Audience counts move with them, in the same transaction.
pub async fn revise(db: &DatabaseConnection, post: &PostNow) -> AppResult<()> {
    let txn = kernel::db::begin_write(db).await?;
    let thread = feed_item::Entity::find()
        .filter(
            Condition::any()
                .add(feed_item::Column::DiscussionId.eq(post.topic_id))
                .add(feed_item::Column::ObjectId.eq(post.post_id)),
        )
        .filter(feed_item::Column::ObjectType.is_in([
            FeedObjectType::Discussion.as_str(),
            FeedObjectType::Comment.as_str(),
        ]))
        .all(&txn)
        .await?;
    for item in thread {
        let was = super::counts::scope_of(item.is_public, item.group_id);
        let is_the_post = item.object_id == Some(post.post_id);
        if is_the_post && post.excerpt.is_none() {
            feed_item::Entity::delete_by_id(item.id).exec(&txn).await?;
            if let Some(scope) = was {
                super::counts::add(&txn, scope, -1).await?;
            }
            continue;
        }
        let now = super::counts::scope_of(post.is_public, item.group_id);
        let mut content: ItemContent = serde_json::from_str(&item.content).unwrap_or_default();
        let related: RelatedContent =
            serde_json::from_str(&item.related_content).unwrap_or_default();
        if is_the_post {
            content.text = post.excerpt.clone();
        }
        let mut active: feed_item::ActiveModel = item.into();
        active.is_public = Set(post.is_public);
        active.search_text = Set(search_text(&content, &related));
        active.content = Set(json(&content));
        active.update(&txn).await?;
        if was != now {
            if let Some(scope) = was {
                super::counts::add(&txn, scope, -1).await?;
            }
            if let Some(scope) = now {
                super::counts::add(&txn, scope, 1).await?;
            }
        }
    }
    txn.commit().await?;
    Ok(())
}

/// What the feed was asked for.
#[derive(Debug, Default)]
pub struct Filters {
    pub search: Option<String>,
    pub event_type: Option<FeedEventType>,
    pub object_type: Option<FeedObjectType>,
    /// Oldest first instead of newest.
    pub oldest_first: bool,
}

/// A stored item with its parsed parts.
pub struct Item {
    pub row: feed_item::Model,
    pub content: ItemContent,
    pub related: RelatedContent,
}

/// The items a viewer in `viewer_groups` may see.
pub async fn list(
    db: &impl ConnectionTrait,
    viewer_groups: &[i64],
    filters: &Filters,
    params: &PageParams,
) -> AppResult<Page<Item>> {
    let mut visible = Condition::any().add(feed_item::Column::IsPublic.eq(true));
    if !viewer_groups.is_empty() {
        visible = visible.add(feed_item::Column::GroupId.is_in(viewer_groups.to_vec()));
    }
    let mut select = feed_item::Entity::find().filter(visible);
    if let Some(event_type) = filters.event_type {
        select = select.filter(feed_item::Column::EventType.eq(event_type.as_str()));
    }
    if let Some(object_type) = filters.object_type {
        select = select.filter(feed_item::Column::ObjectType.eq(object_type.as_str()));
    }
    if let Some(search) = filters
        .search
        .as_deref()
        .and_then(|text| fulltext::contains(&[feed_item::Column::SearchText], text))
    {
        select = select.filter(search);
    }
    let unfiltered =
        filters.event_type.is_none() && filters.object_type.is_none() && filters.search.is_none();
    let select = if filters.oldest_first {
        select
            .order_by_asc(feed_item::Column::CreatedAt)
            .order_by_asc(feed_item::Column::Id)
    } else {
        select
            .order_by_desc(feed_item::Column::CreatedAt)
            .order_by_desc(feed_item::Column::Id)
    };
    // Unfiltered, the feed's size is the kept count of its audiences; filtered, the
    // page's rows are counted with them.
    let page = if unfiltered {
        let count = super::counts::visible(db, viewer_groups).await?;
        kernel::pagination::paginate_known(db, select, params, PER_PAGE, count).await?
    } else {
        kernel::pagination::paginate(db, select, params, PER_PAGE).await?
    };
    Ok(page.map(|row| Item {
        content: serde_json::from_str(&row.content).unwrap_or_default(),
        related: serde_json::from_str(&row.related_content).unwrap_or_default(),
        row,
    }))
}
