//! Topics and replies for the header's search. A private topic and its replies are found
//! by the target's members only (not by staff who merely may read them); deleted posts,
//! hidden posts, and replies in deleted or hidden topics, never.

use std::collections::HashMap;

use async_trait::async_trait;
use fulltext::{FullText, Hit, Index, SearchKind, Source};
use kernel::{AppResult, CurrentUser};
use sea_orm::DatabaseConnection;
use sea_orm::sea_query::{Condition, Expr, ExprTrait};

use crate::entity::post;
use crate::enums::TopicType;
use crate::target::Targets;

const INDEX: Index = Index {
    table: "discussion_posts",
    vector: "search_vector",
    fts: "discussion_posts_fts",
    // `search_access` (SQLite, migration 67) holds who may find the post, not its words.
    weights: "1.0, 0.0",
    snippet_column: ("text", 0),
    rich: true,
};

/// How long a topic's title is in results: its text's first characters.
const TITLE_CHARS: usize = 90;

/// Searches the discussions of every registered target.
pub struct Posts {
    db: DatabaseConnection,
    targets: Targets,
}

impl Posts {
    pub fn new(db: DatabaseConnection, targets: Targets) -> Self {
        Self { db, targets }
    }
}

#[async_trait]
impl Source for Posts {
    fn kinds(&self) -> &'static [SearchKind] {
        &[SearchKind::Topic, SearchKind::Reply]
    }

    async fn search(
        &self,
        query: &FullText,
        kinds: &[SearchKind],
        viewer: Option<&CurrentUser>,
        limit: u64,
    ) -> AppResult<Vec<Hit>> {
        let member_of = match viewer {
            Some(viewer) => self.targets.member_of(viewer).await?,
            None => Vec::new(),
        };
        let query = query.scoped("text", "search_access", &access_words(&member_of));
        let found = INDEX
            .find(&self.db, &query, &visible(kinds, &member_of), limit)
            .await?;
        let posts = by_id(&self.db, found.iter().map(|f| f.id).collect()).await?;
        let topic_ids = posts.values().filter_map(|p| p.topic_id).collect();
        let topics = by_id(&self.db, topic_ids).await?;
        let topic_of = |p: &post::Model| match p.topic_id {
            Some(id) => topics.get(&id).cloned(),
            None => Some(p.clone()),
        };
        let mut wanted: HashMap<TopicType, Vec<i64>> = HashMap::new();
        for topic in posts.values().filter_map(topic_of) {
            wanted
                .entry(topic.target_type)
                .or_default()
                .push(topic.target_id);
        }
        let places = self.targets.names(wanted, viewer).await?;
        Ok(found
            .iter()
            .filter_map(|f| {
                let post = posts.get(&f.id)?;
                let topic = topic_of(post)?;
                let place = places.get(&(topic.target_type, topic.target_id))?;
                if !topic.is_public && !place.read_private {
                    return None;
                }
                Some(Hit {
                    kind: if post.topic_id.is_some() {
                        SearchKind::Reply
                    } else {
                        SearchKind::Topic
                    },
                    id: post.id,
                    title: kernel::rich_text::excerpt(
                        &kernel::rich_text::plain_text(&topic.text),
                        TITLE_CHARS,
                    ),
                    route: format!("{}#discussion", place.route),
                    place: Some(place.title.clone()),
                    snippet: f.snippet(&INDEX),
                    score: f.score,
                    at: post.created_at,
                })
            })
            .collect())
    }
}

/// The words of SQLite's `search_access` column (migration 67 makes them from the row) that
/// open the posts a viewer may find: every live public one, and the live private ones of the
/// targets they are a member of.
fn access_words(member_of: &[(TopicType, i64)]) -> Vec<String> {
    std::iter::once("accesspublic".to_owned())
        .chain(
            member_of.iter().map(|(topic_type, id)| {
                format!("access{}{id}", topic_type.as_str().replace('/', ""))
            }),
        )
        .collect()
}

/// The posts of `kinds` a viewer may find, as alternatives: live, in a live topic, and
/// public — or private on a target they are a member of. Each post carries its topic's
/// state, so this reads the post's row alone; the public alternative is the predicate of
/// PostgreSQL's partial index `idx_discussion_posts_findable` (migration 68), so finding
/// the newest public matches skips the private posts instead of reading each of them.
fn visible(kinds: &[SearchKind], member_of: &[(TopicType, i64)]) -> Vec<Condition> {
    let col = |column: post::Column| Expr::col((post::Entity, column));
    let mut kind = Condition::any();
    if kinds.contains(&SearchKind::Topic) {
        kind = kind.add(col(post::Column::TopicId).is_null());
    }
    if kinds.contains(&SearchKind::Reply) {
        kind = kind.add(col(post::Column::TopicId).is_not_null());
    }
    let live = Condition::all()
        .add(col(post::Column::DeletedAt).is_null())
        .add(col(post::Column::HiddenAt).is_null())
        .add(col(post::Column::TopicLive).eq(true))
        .add(kind);
    let mut by_type: HashMap<TopicType, Vec<i64>> = HashMap::new();
    for &(topic_type, id) in member_of {
        by_type.entry(topic_type).or_default().push(id);
    }
    let mut alternatives = vec![live.clone().add(col(post::Column::IsPublic).eq(true))];
    if !by_type.is_empty() {
        let targets = by_type
            .into_iter()
            .fold(Condition::any(), |any, (topic_type, ids)| {
                any.add(
                    Condition::all()
                        .add(col(post::Column::TargetType).eq(topic_type.as_str()))
                        .add(col(post::Column::TargetId).is_in(ids)),
                )
            });
        alternatives.push(live.add(col(post::Column::IsPublic).eq(false)).add(targets));
    }
    alternatives
}

async fn by_id(db: &DatabaseConnection, ids: Vec<i64>) -> AppResult<HashMap<i64, post::Model>> {
    Ok(crate::entity::post::by_ids(db, ids)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect())
}
