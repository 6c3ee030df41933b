//! Discussions for `cohort seed --scale large`: topics on many targets and their replies,
//! made in a few statements, the same on every run. The first topic is a long thread (a
//! popular discussion many pages deep); the rest share the other replies evenly.

use std::collections::HashMap;

use crate::target::CommentsDelta;

use chrono::Duration;
use kernel::AppResult;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::entity::post;
use crate::enums::TopicType;

/// Replies in the long thread (page 15 and beyond exist at 10 a page).
pub const LONG_THREAD: usize = 2_000;

/// How many topics and replies to make.
pub struct Sizes {
    pub topics: usize,
    pub replies: usize,
}

/// Makes topics on `targets` (of `topic_type`) by `authors` up to `sizes.topics` (those
/// already there stay), and the replies of the new ones; returns the posts made per
/// target (what each target's comment counts gain).
pub async fn threads(
    db: &impl ConnectionTrait,
    topic_type: TopicType,
    targets: &[i64],
    authors: &[i64],
    sizes: Sizes,
) -> AppResult<HashMap<i64, CommentsDelta>> {
    if targets.is_empty() || authors.is_empty() || sizes.topics == 0 {
        return Ok(HashMap::new());
    }
    let on_targets = post::Entity::find()
        .filter(post::Column::TargetType.eq(topic_type.as_str()))
        .filter(post::Column::TargetId.is_in(targets.to_vec()));
    let existing = on_targets
        .clone()
        .filter(post::Column::TopicId.is_null())
        .count(db)
        .await? as usize;
    if existing >= sizes.topics {
        return Ok(HashMap::new());
    }
    let topics: Vec<post::ActiveModel> = (existing..sizes.topics)
        .map(|n| {
            let at = kernel::stats::spread(n, sizes.topics);
            post::ActiveModel {
                target_type: Set(topic_type),
                target_id: Set(targets[n % targets.len()]),
                // One topic in five on each target is for its members only (never the first).
                is_public: Set((n / targets.len()) % 5 != 4),
                text: Set(format!(
                    "<p>Topic {n}: what should we measure first, and how often?</p>"
                )),
                created_by_id: Set(authors[n % authors.len()]),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            }
        })
        .collect();
    kernel::db::insert_batched(db, topics).await?;
    let all: Vec<(i64, i64, bool)> = on_targets
        .filter(post::Column::TopicId.is_null())
        .select_only()
        .columns([
            post::Column::Id,
            post::Column::TargetId,
            post::Column::IsPublic,
        ])
        .order_by_asc(post::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let topics = &all[existing.min(all.len())..];
    let per_topic = |i: usize| -> usize {
        let rest = sizes.replies.saturating_sub(LONG_THREAD);
        match i {
            0 => sizes.replies.min(LONG_THREAD),
            _ => rest / (topics.len() - 1).max(1),
        }
    };
    let mut counts: HashMap<i64, CommentsDelta> = HashMap::new();
    let mut replies = Vec::new();
    let mut by_count: HashMap<usize, Vec<i64>> = HashMap::new();
    for (i, &(topic, target, is_public)) in topics.iter().enumerate() {
        let n = per_topic(i);
        by_count.entry(n).or_default().push(topic);
        let gained = counts
            .entry(target)
            .or_insert(CommentsDelta { all: 0, public: 0 });
        gained.all += 1 + n as i32;
        if is_public {
            gained.public += 1 + n as i32;
        }
        for k in 0..n {
            let at =
                kernel::stats::spread(existing + i, sizes.topics) + Duration::seconds(k as i64 + 1);
            replies.push(post::ActiveModel {
                target_type: Set(topic_type),
                target_id: Set(target),
                topic_id: Set(Some(topic)),
                is_public: Set(is_public),
                text: Set(format!(
                    "<p>Reply {k} to topic {i}: agreed, and we should ask patients.</p>"
                )),
                created_by_id: Set(authors[(i + k + 1) % authors.len()]),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            });
        }
        // Batches of replies go in as they fill, so memory stays bounded.
        if replies.len() >= 20_000 {
            kernel::db::insert_batched(db, std::mem::take(&mut replies)).await?;
        }
    }
    kernel::db::insert_batched(db, replies).await?;
    // Topics with the same number of replies are counted together.
    for (n, ids) in by_count {
        for batch in ids.chunks(500) {
            post::Entity::update_many()
                .col_expr(post::Column::NumReplies, Expr::val(n as i32))
                .filter(post::Column::Id.is_in(batch.to_vec()))
                .exec(db)
                .await?;
        }
    }
    Ok(counts)
}
