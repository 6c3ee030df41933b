//! Storing a fact's in-app notifications and pushing them live, batch by batch (issue 45
//! §4): a pushed notification must be one the bell can show again after a reload, so each
//! batch is stored before it is pushed, and the sockets of one batch are written by the
//! server's workers while the next is stored.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use kernel::notification_kinds::NotificationKind;
use kernel::{AppContext, AppResult};
use sea_orm::{FromQueryResult, Set};

use super::notices::{Notice, Notification};
use crate::entity::notification;
use crate::enums::ContentType;
use crate::live::{Hub, Writes};

/// How many notifications are stored in one statement and pushed as it commits (all
/// 10,000 of a fan-out in one transaction kept every socket waiting for the last row).
const PUSH_BATCH: usize = 1_000;

/// A notification said to at least this many members is stored as one row template and
/// their ids ([`kernel::db::insert_per_id`]); fewer, with the other notices a row each. A
/// fan-out to a group is one notification for thousands; a fact's other notices (the
/// author's, a refund's per backer) say something of their own to each.
const SHARED_BY_AT_LEAST: usize = 100;

/// What storing and pushing a fan-out's notifications did.
#[derive(Default)]
pub(super) struct Pushed {
    /// When the first batch was pushed (none, for no notices).
    pub first_at: Option<Instant>,
    /// The frames each batch handed to this instance's sockets.
    pub writes: Vec<Writes>,
}

impl Pushed {
    /// Returns once this instance's sockets have written every frame pushed, or `within`.
    pub async fn written(&self, within: Duration) {
        let deadline = tokio::time::Instant::now() + within;
        for writes in &self.writes {
            writes.done_by(deadline).await;
        }
    }
}

/// Stores `notices` and pushes each to its member's open screens as its batch is stored.
pub(super) async fn store_and_push(
    ctx: &AppContext,
    hub: &Hub,
    notices: Vec<Notice>,
    now: DateTime<Utc>,
) -> AppResult<Pushed> {
    let mut pushed = Pushed::default();
    let mut own = Vec::new();
    for (notice, members) in by_content(notices) {
        if members.len() < SHARED_BY_AT_LEAST {
            own.extend(members.into_iter().map(|user_id| Notice {
                user_id,
                ..notice.clone()
            }));
            continue;
        }
        let template = notification_row(&notice, now);
        let note = notification_of(&notice, now);
        for batch in members.chunks(PUSH_BATCH) {
            let stored: Vec<Stored> = kernel::db::insert_per_id(
                &ctx.db,
                &template,
                notification::Column::UserId,
                batch,
                &[notification::Column::Id, notification::Column::UserId],
            )
            .await?;
            let shown = stored.into_iter().map(|row| {
                let note = Notification {
                    id: row.id,
                    ..note.clone()
                };
                (row.user_id, note)
            });
            pushed.writes.push(push(hub, shown.collect()).await?);
            pushed.first_at.get_or_insert_with(Instant::now);
        }
    }
    for batch in own.chunks(PUSH_BATCH) {
        let rows = batch
            .iter()
            .map(|notice| notification::ActiveModel {
                user_id: Set(notice.user_id),
                ..notification_row(notice, now)
            })
            .collect();
        let stored: Vec<Stored> = kernel::db::insert_batched_returning(
            &ctx.db,
            rows,
            &[notification::Column::Id, notification::Column::UserId],
        )
        .await?;
        let shown = batch
            .iter()
            .map(|notice| (notice.user_id, notification_of(notice, now)))
            .collect();
        pushed
            .writes
            .push(push(hub, with_ids(shown, stored)).await?);
        pushed.first_at.get_or_insert_with(Instant::now);
    }
    Ok(pushed)
}

/// A stored notification's id and its member's: all a push needs beside the notice itself.
#[derive(FromQueryResult)]
struct Stored {
    id: i64,
    user_id: i64,
}

/// The notices grouped by what they say, each with the members it goes to, in the order
/// first given.
fn by_content(notices: Vec<Notice>) -> Vec<(Notice, Vec<i64>)> {
    let mut groups: Vec<(Notice, Vec<i64>)> = Vec::new();
    let mut index = HashMap::new();
    for notice in notices {
        let at = *index
            .entry(Content::of(&notice))
            .or_insert_with(|| groups.len());
        if at == groups.len() {
            groups.push((notice.clone(), Vec::new()));
        }
        groups[at].1.push(notice.user_id);
    }
    groups
}

/// Everything a notice says: the notices of one fact that agree on all of it are the same
/// notification for several members.
#[derive(PartialEq, Eq, Hash)]
struct Content {
    kind: NotificationKind,
    title: String,
    message: String,
    in_app_route: Option<String>,
    object_slug: Option<String>,
    content_type: Option<ContentType>,
    invite_token: Option<String>,
    post_id: Option<i64>,
}

impl Content {
    fn of(notice: &Notice) -> Self {
        Self {
            kind: notice.kind,
            title: notice.title.clone(),
            message: notice.message.clone(),
            in_app_route: notice.in_app_route.clone(),
            object_slug: notice.object_slug.clone(),
            content_type: notice.content_type,
            invite_token: notice.invite_token.clone(),
            post_id: notice.post_id,
        }
    }
}

/// The row `notice` is stored as, but for its member.
fn notification_row(notice: &Notice, now: DateTime<Utc>) -> notification::ActiveModel {
    notification::ActiveModel {
        kind: Set(notice.kind.to_owned()),
        title: Set(notice.title.clone()),
        message: Set(notice.message.clone()),
        in_app_route: Set(notice.in_app_route.clone()),
        object_slug: Set(notice.object_slug.clone()),
        content_type: Set(notice.content_type),
        invite_token: Set(notice.invite_token.clone()),
        post_id: Set(notice.post_id),
        created_at: Set(now),
        ..Default::default()
    }
}

/// The notification `notice` makes, as its member sees it once stored (its id is the
/// stored row's).
fn notification_of(notice: &Notice, now: DateTime<Utc>) -> Notification {
    Notification {
        id: 0,
        kind: notice.kind,
        title: notice.title.clone(),
        message: notice.message.clone(),
        read_at: None,
        created_at: now,
        in_app_route: notice.in_app_route.clone(),
        object_slug: notice.object_slug.clone(),
        content_type: notice.content_type,
        invite_token: notice.invite_token.clone(),
    }
}

/// Each member's notifications with the ids their rows were stored under. The rows of one
/// insert are numbered in the order given, but `RETURNING` may list them in any order: a
/// member's ids, sorted, go to their notifications in the order given.
fn with_ids(shown: Vec<(i64, Notification)>, stored: Vec<Stored>) -> Vec<(i64, Notification)> {
    let mut ids: HashMap<i64, Vec<i64>> = HashMap::new();
    for row in stored {
        ids.entry(row.user_id).or_default().push(row.id);
    }
    for member in ids.values_mut() {
        member.sort_unstable_by(|a, b| b.cmp(a));
    }
    shown
        .into_iter()
        .filter_map(|(user_id, mut note)| {
            note.id = ids.get_mut(&user_id)?.pop()?;
            Some((user_id, note))
        })
        .collect()
}

/// Sends each stored notification to its member's open screens, all in one go (the hub
/// hands them to the sockets' tasks without waiting for their writes).
async fn push(hub: &Hub, stored: Vec<(i64, Notification)>) -> AppResult<Writes> {
    let notes = stored
        .into_iter()
        .map(|(user_id, note)| serde_json::to_string(&note).map(|json| (user_id, json)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| kernel::AppError::Internal(e.into()))?;
    Ok(hub.publish_all(notes).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(user_id: i64, title: &str) -> Notice {
        Notice {
            user_id,
            kind: kernel::notification_kinds::NotificationKind::NewTopic,
            title: title.to_owned(),
            message: "A message".to_owned(),
            in_app_route: Some("/somewhere".to_owned()),
            object_slug: None,
            content_type: None,
            invite_token: None,
            mailed_by_source: false,
            post_id: Some(3),
        }
    }

    fn note(title: &str) -> Notification {
        notification_of(&notice(0, title), kernel::clock::now())
    }

    #[test]
    fn the_same_notification_for_many_members_is_one_group_in_the_order_given() {
        let notices = vec![
            notice(7, "first"),
            notice(8, "other"),
            notice(9, "first"),
            notice(7, "other"),
        ];
        let grouped: Vec<(String, Vec<i64>)> = by_content(notices)
            .into_iter()
            .map(|(notice, members)| (notice.title, members))
            .collect();
        assert_eq!(
            grouped,
            vec![
                ("first".to_owned(), vec![7, 9]),
                ("other".to_owned(), vec![8, 7]),
            ]
        );
    }

    #[test]
    fn notices_that_differ_in_anything_they_say_are_not_grouped() {
        let mut routed = notice(2, "first");
        routed.in_app_route = Some("/elsewhere".to_owned());
        let mut about_another_post = notice(3, "first");
        about_another_post.post_id = Some(4);
        let mut other_kind = notice(4, "first");
        other_kind.kind = kernel::notification_kinds::NotificationKind::Reply;
        let grouped = by_content(vec![
            notice(1, "first"),
            routed,
            about_another_post,
            other_kind,
        ]);
        assert_eq!(grouped.len(), 4);
    }

    #[test]
    fn each_notification_gets_its_rows_id_whatever_order_returning_lists_them() {
        let shown = vec![(7, note("first")), (8, note("other")), (7, note("second"))];
        let stored = vec![
            Stored { id: 12, user_id: 7 },
            Stored { id: 11, user_id: 8 },
            Stored { id: 10, user_id: 7 },
        ];
        let given: Vec<(i64, String, i64)> = with_ids(shown, stored)
            .into_iter()
            .map(|(user, note)| (user, note.title, note.id))
            .collect();
        assert_eq!(
            given,
            vec![
                (7, "first".to_owned(), 10),
                (8, "other".to_owned(), 11),
                (7, "second".to_owned(), 12),
            ]
        );
    }
}
