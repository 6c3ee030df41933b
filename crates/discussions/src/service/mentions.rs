//! @mentions (issue 49 §4): a post names members as links marked `data-mention`
//! ([`kernel::rich_text::MENTION_ATTRIBUTE`]); those who may read the topic are told (the
//! feed sends the notification, in-app and by e-mail as each chose), and the author learns
//! whom a mention could not reach. The composer suggests the place's people.

use std::collections::BTreeSet;

use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

use super::place::Place;
use crate::entity::post;
use crate::read::Author;

/// Members one post can tell by mentioning them; later mentions are links only.
pub const MENTIONS_PER_POST: usize = 10;
/// Suggestions the composer shows for what follows an `@`.
pub const SUGGESTIONS: u64 = 8;
/// The longest text suggestions are looked up for.
pub const QUERY_MAX: usize = 50;

/// Whom a post's new mentions reach.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Mentions {
    /// Members who may read the topic: they are told.
    pub told: Vec<i64>,
    /// The names of those who may not: nobody is told, and the author is.
    pub unreached: Vec<String>,
}

/// Sorts the members `html` mentions that `before` (the text an edit replaces) did not:
/// the author and unknown ids left out, at most [`MENTIONS_PER_POST`].
pub async fn sort(
    ctx: &AppContext,
    place: &Place,
    author_id: i64,
    html: &str,
    before: Option<&str>,
    is_public: bool,
) -> AppResult<Mentions> {
    let already: BTreeSet<i64> = before
        .map(kernel::rich_text::mentioned_ids)
        .unwrap_or_default()
        .into_iter()
        .collect();
    let ids: Vec<i64> = kernel::rich_text::mentioned_ids(html)
        .into_iter()
        .filter(|id| *id != author_id && !already.contains(id))
        .take(MENTIONS_PER_POST)
        .collect();
    let mut mentions = Mentions::default();
    if ids.is_empty() {
        return Ok(mentions);
    }
    let people = ctx.users.summaries(&ids).await?;
    for id in ids {
        let Some(person) = people.get(&id) else {
            continue;
        };
        if place.readable_by(id, is_public).await? {
            mentions.told.push(id);
        } else {
            mentions.unreached.push(person.name.clone());
        }
    }
    Ok(mentions)
}

/// Whom the composer suggests for `text` after an `@` in `place`: its people and those who
/// posted in its discussion, by name, the viewer left out.
pub async fn suggestions(
    ctx: &AppContext,
    place: &Place,
    viewer_id: i64,
    text: &str,
) -> AppResult<Vec<Author>> {
    let posters: Vec<i64> = post::Entity::find()
        .select_only()
        .column(post::Column::CreatedById)
        .distinct()
        .filter(post::Column::TargetType.eq(place.topic_type))
        .filter(post::Column::TargetId.eq(place.target_id))
        .into_tuple()
        .all(&ctx.db)
        .await?;
    let people: BTreeSet<i64> = place
        .people()
        .await?
        .into_iter()
        .chain(posters)
        .filter(|id| *id != viewer_id)
        .collect();
    let people: Vec<i64> = people.into_iter().collect();
    let text: String = text.chars().take(QUERY_MAX).collect();
    let found = ctx.users.named_among(&people, &text, SUGGESTIONS).await?;
    Ok(found
        .into_iter()
        .map(|u| Author {
            id: u.id,
            name: u.name,
            avatar: u.avatar_thumbnail,
        })
        .collect())
}
