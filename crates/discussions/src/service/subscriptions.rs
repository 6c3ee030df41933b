//! Following and muting (issue 23 §1): a member follows or mutes one topic, or the whole
//! discussion of a working group, blog post or project. What they set on a topic outranks
//! what they set on its place: muting a group and following one of its topics still brings
//! that topic's replies. No row means `normal`.

use std::collections::HashMap;

use kernel::{AppContext, AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::place::Place;
use super::posts;
use crate::entity::subscription;
use crate::enums::{Level, SubjectType, TopicType};
use crate::target::{PlaceName, Targets};

/// The Following list holds 20 a page.
pub const PER_PAGE: u64 = 20;

/// Sets how `user_id` hears of a subject; `Normal` removes what they had set.
pub async fn set(
    db: &impl ConnectionTrait,
    user_id: i64,
    subject_type: SubjectType,
    subject_id: i64,
    level: Level,
) -> AppResult<()> {
    if level == Level::Normal {
        subscription::Entity::delete_many()
            .filter(subscription::Column::UserId.eq(user_id))
            .filter(subscription::Column::SubjectType.eq(subject_type))
            .filter(subscription::Column::SubjectId.eq(subject_id))
            .exec(db)
            .await?;
        return Ok(());
    }
    subscription::Entity::insert(subscription::ActiveModel {
        user_id: Set(user_id),
        subject_type: Set(subject_type),
        subject_id: Set(subject_id),
        level: Set(level),
        created_at: Set(kernel::clock::now()),
    })
    .on_conflict(
        OnConflict::columns([
            subscription::Column::UserId,
            subscription::Column::SubjectType,
            subscription::Column::SubjectId,
        ])
        .update_column(subscription::Column::Level)
        .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// The viewer sets how they hear of a subject they may read (404 otherwise).
pub async fn choose(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    subject_type: SubjectType,
    subject_id: i64,
    level: Level,
) -> AppResult<()> {
    match subject_type.place() {
        Some(topic_type) => {
            Place::of(targets, topic_type, subject_id, Some(user)).await?;
        }
        None => {
            posts::readable_topic(&ctx.db, targets, subject_id, Some(user)).await?;
        }
    }
    set(&ctx.db, user.id, subject_type, subject_id, level).await
}

/// How `user_id` hears of one subject.
pub async fn level(
    db: &impl ConnectionTrait,
    user_id: i64,
    subject_type: SubjectType,
    subject_id: i64,
) -> AppResult<Level> {
    Ok(
        subscription::Entity::find_by_id((user_id, subject_type, subject_id))
            .one(db)
            .await?
            .map_or(Level::Normal, |s| s.level),
    )
}

/// Who hears of a new post beyond the defaults, and who hears of nothing: each member
/// counted once, by what they set on the topic if anything, else on its place.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Audience {
    pub following: Vec<i64>,
    pub muted: Vec<i64>,
}

/// The audience of a post in `topic_id` (a new topic: `None`) on a place, in one statement.
pub async fn audience(
    db: &impl ConnectionTrait,
    topic_type: TopicType,
    target_id: i64,
    topic_id: Option<i64>,
) -> AppResult<Audience> {
    let place = Condition::all()
        .add(subscription::Column::SubjectType.eq(SubjectType::of_place(topic_type)))
        .add(subscription::Column::SubjectId.eq(target_id));
    let mut subjects = Condition::any().add(place);
    if let Some(topic_id) = topic_id {
        subjects = subjects.add(
            Condition::all()
                .add(subscription::Column::SubjectType.eq(SubjectType::Topic))
                .add(subscription::Column::SubjectId.eq(topic_id)),
        );
    }
    let rows = subscription::Entity::find()
        .filter(subjects)
        .order_by_asc(subscription::Column::UserId)
        .all(db)
        .await?;
    Ok(effective(rows))
}

/// Each member's level: the topic's row outranks the place's.
fn effective(rows: Vec<subscription::Model>) -> Audience {
    let mut by_user: HashMap<i64, (Level, bool)> = HashMap::new();
    for row in rows {
        let on_topic = row.subject_type == SubjectType::Topic;
        let entry = by_user.entry(row.user_id).or_insert((row.level, on_topic));
        if on_topic {
            *entry = (row.level, true);
        }
    }
    let mut audience = Audience::default();
    for (user_id, (level, _)) in by_user {
        match level {
            Level::Following => audience.following.push(user_id),
            Level::Muted => audience.muted.push(user_id),
            Level::Normal => {}
        }
    }
    audience.following.sort_unstable();
    audience.muted.sort_unstable();
    audience
}

/// A member's subscriptions, newest first.
pub async fn mine(
    db: &impl ConnectionTrait,
    user_id: i64,
    params: &PageParams,
) -> AppResult<Page<subscription::Model>> {
    let select = subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(user_id))
        .order_by_desc(subscription::Column::CreatedAt)
        .order_by_desc(subscription::Column::SubjectId);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// A subscription as the Following list shows it.
#[derive(Debug, Clone)]
pub struct Followed {
    pub row: subscription::Model,
    /// Its place, while it exists and the member may see it.
    pub place: Option<PlaceName>,
    /// A topic's text (rich), while the member may read it and it is not deleted.
    pub text: Option<String>,
}

/// A page of the member's Following list, named through the targets: the rows, their
/// topics, then each kind of place at most once, whatever the page's size.
pub async fn following(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    params: &PageParams,
) -> AppResult<Page<Followed>> {
    let page = mine(&ctx.db, user.id, params).await?;
    let topic_ids: Vec<i64> = page
        .data
        .iter()
        .filter(|s| s.subject_type == SubjectType::Topic)
        .map(|s| s.subject_id)
        .collect();
    let topics: HashMap<i64, crate::entity::post::Model> =
        crate::entity::post::by_ids(&ctx.db, topic_ids)
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect();
    let place_of = |s: &subscription::Model| match s.subject_type.place() {
        Some(topic_type) => Some((topic_type, s.subject_id)),
        None => topics
            .get(&s.subject_id)
            .map(|t| (t.target_type, t.target_id)),
    };
    let mut wanted: HashMap<TopicType, Vec<i64>> = HashMap::new();
    for (topic_type, id) in page.data.iter().filter_map(place_of) {
        wanted.entry(topic_type).or_default().push(id);
    }
    let names = targets.names(wanted, Some(user)).await?;
    Ok(page.map(|row| {
        let place = place_of(&row).and_then(|key| names.get(&key).cloned());
        let text = topics.get(&row.subject_id).filter(|t| {
            row.subject_type == SubjectType::Topic
                && t.deleted_at.is_none()
                && place
                    .as_ref()
                    .is_some_and(|p| t.is_public || p.read_private)
        });
        Followed {
            text: text.map(|t| t.text.clone()),
            place,
            row,
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(user_id: i64, subject_type: SubjectType, level: Level) -> subscription::Model {
        subscription::Model {
            user_id,
            subject_type,
            subject_id: 1,
            level,
            created_at: kernel::clock::now(),
        }
    }

    #[test]
    fn what_a_member_set_on_the_topic_outranks_the_place() {
        let rows = vec![
            row(1, SubjectType::Group, Level::Muted),
            row(1, SubjectType::Topic, Level::Following),
            row(2, SubjectType::Topic, Level::Muted),
            row(2, SubjectType::Group, Level::Following),
            row(3, SubjectType::Group, Level::Following),
            row(4, SubjectType::Group, Level::Muted),
        ];
        assert_eq!(
            effective(rows),
            Audience {
                following: vec![1, 3],
                muted: vec![2, 4],
            }
        );
    }
}
