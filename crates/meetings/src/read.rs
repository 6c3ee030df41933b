//! What the events API answers: a meeting as a member reads it, read for a whole list in a
//! fixed number of statements.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{answer, meeting};
use crate::enums::{Answer, HostType};
use crate::host::{HostName, Hosts, Standing};
use crate::policy;

/// A meeting as a member of its host reads it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Meeting {
    pub id: i64,
    pub host_type: HostType,
    pub host_id: i64,
    /// The working group's or project's title.
    pub host_title: String,
    /// Its page.
    pub host_route: String,
    pub title: String,
    /// Plain text.
    pub description: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    /// The IANA zone its times are given in.
    pub time_zone: String,
    pub online_url: Option<String>,
    pub place: Option<String>,
    pub cancelled: bool,
    /// How many answered that they are going.
    pub going: i64,
    /// How many answered maybe.
    pub maybe: i64,
    /// The caller's answer.
    pub my_answer: Option<Answer>,
    /// The caller schedules, changes and cancels the host's events.
    pub can_manage: bool,
    /// The caller may answer (a member, before it ends, unless cancelled).
    pub can_answer: bool,
}

/// The meetings of one kind of host, with the caller's standing at each host.
pub struct Batch {
    pub rows: Vec<meeting::Model>,
    pub standings: HashMap<(HostType, i64), Standing>,
}

/// `rows` as `me` reads them: three statements (answers, the caller's answers, each kind's
/// names) whatever their number.
pub async fn meetings(
    ctx: &AppContext,
    hosts: &Hosts,
    me: i64,
    batch: Batch,
) -> AppResult<Vec<Meeting>> {
    let ids: Vec<i64> = batch.rows.iter().map(|m| m.id).collect();
    let answers: Vec<(i64, i64, Answer)> = answer::Entity::find()
        .select_only()
        .column(answer::Column::MeetingId)
        .column(answer::Column::UserId)
        .column(answer::Column::Answer)
        .filter(answer::Column::MeetingId.is_in(ids))
        .into_tuple()
        .all(&ctx.db)
        .await?;
    let mut counts: HashMap<(i64, Answer), i64> = HashMap::new();
    let mut mine: HashMap<i64, Answer> = HashMap::new();
    for (meeting_id, user_id, given) in answers {
        *counts.entry((meeting_id, given)).or_default() += 1;
        if user_id == me {
            mine.insert(meeting_id, given);
        }
    }
    let mut names: HashMap<(HostType, i64), HostName> = HashMap::new();
    for (kind, host) in hosts.all() {
        let wanted: Vec<i64> = batch
            .rows
            .iter()
            .filter(|m| m.host_type == kind)
            .map(|m| m.host_id)
            .collect();
        if wanted.is_empty() {
            continue;
        }
        for (id, name) in host.names(&wanted).await? {
            names.insert((kind, id), name);
        }
    }
    let now = kernel::clock::now();
    Ok(batch
        .rows
        .into_iter()
        .map(|m| {
            let standing = batch.standings.get(&(m.host_type, m.host_id)).copied();
            let name = names.get(&(m.host_type, m.host_id));
            Meeting {
                id: m.id,
                host_type: m.host_type,
                host_id: m.host_id,
                host_title: name.map(|n| n.title.clone()).unwrap_or_default(),
                host_route: name.map(|n| n.route.clone()).unwrap_or_default(),
                going: counts.get(&(m.id, Answer::Going)).copied().unwrap_or(0),
                maybe: counts.get(&(m.id, Answer::Maybe)).copied().unwrap_or(0),
                my_answer: mine.get(&m.id).copied(),
                can_manage: policy::may_manage(standing),
                can_answer: policy::may_answer(standing, m.ends_at, m.cancelled_at.is_some(), now),
                cancelled: m.cancelled_at.is_some(),
                title: m.title,
                description: m.description,
                starts_at: m.starts_at,
                ends_at: m.ends_at,
                time_zone: m.time_zone,
                online_url: m.online_url,
                place: m.place,
            }
        })
        .collect())
}
