//! Reminders a day and an hour before a meeting. A sweep every minute claims, for each
//! member of a meeting's host who has not declined, a (meeting, member, lead) row: the
//! table's key lets a claim succeed once, so several instances sweeping at once remind each
//! member once. A meeting scheduled less than an hour ahead gets only the hour's reminder.
//! How each member hears (in the app, by e-mail, in a digest) is their notification
//! settings' choice for event reminders.

use std::time::Duration;

use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::entity::{answer, meeting, reminder};
use crate::enums::{Answer, Lead};
use crate::events::MeetingReminder;
use crate::host::Hosts;

/// How often the sweep runs: a reminder goes at most this late.
const ROUND: Duration = Duration::from_secs(60);
/// How many meetings one round reminds of, per lead (the rest wait for the next round).
const BATCH: u64 = 100;

/// The meetings starting within `lead` of `now` (the day's reminder leaves the last hour
/// to the hour's), not cancelled.
async fn due(ctx: &AppContext, lead: Lead, now: DateTime<Utc>) -> AppResult<Vec<meeting::Model>> {
    let nearer = match lead {
        Lead::Day => now + Lead::Hour.before(),
        Lead::Hour => now,
    };
    Ok(meeting::Entity::find()
        .filter(meeting::Column::CancelledAt.is_null())
        .filter(meeting::Column::StartsAt.gt(nearer))
        .filter(meeting::Column::StartsAt.lte(now + lead.before()))
        .order_by_asc(meeting::Column::StartsAt)
        .limit(BATCH)
        .all(&ctx.db)
        .await?)
}

/// Sends the reminders due at `now`; how many members it reminded.
pub async fn send_due(ctx: &AppContext, hosts: &Hosts, now: DateTime<Utc>) -> AppResult<usize> {
    let mut reminded = 0;
    for lead in [Lead::Hour, Lead::Day] {
        for found in due(ctx, lead, now).await? {
            let host = hosts.get(found.host_type)?;
            let declined: Vec<i64> = answer::Entity::find()
                .select_only()
                .column(answer::Column::UserId)
                .filter(answer::Column::MeetingId.eq(found.id))
                .filter(answer::Column::Answer.eq(Answer::NotGoing))
                .into_tuple()
                .all(&ctx.db)
                .await?;
            let mut claimed = Vec::new();
            for member in host.members(found.host_id).await? {
                if declined.contains(&member) {
                    continue;
                }
                let claim = reminder::ActiveModel {
                    meeting_id: Set(found.id),
                    user_id: Set(member),
                    lead: Set(lead),
                    sent_at: Set(now),
                };
                let taken = reminder::Entity::insert(claim)
                    .on_conflict(
                        OnConflict::columns([
                            reminder::Column::MeetingId,
                            reminder::Column::UserId,
                            reminder::Column::Lead,
                        ])
                        .do_nothing()
                        .to_owned(),
                    )
                    .exec_without_returning(&ctx.db)
                    .await?;
                if taken == 1 {
                    claimed.push(member);
                }
            }
            if claimed.is_empty() {
                continue;
            }
            reminded += claimed.len();
            let name = host.names(&[found.host_id]).await?.remove(&found.host_id);
            ctx.events
                .publish(MeetingReminder {
                    meeting_id: found.id,
                    title: found.title,
                    host_title: name.as_ref().map(|n| n.title.clone()).unwrap_or_default(),
                    route: name
                        .map(|n| format!("{}#events", n.route))
                        .unwrap_or_default(),
                    starts_at: found.starts_at,
                    time_zone: found.time_zone,
                    lead,
                    members: claimed,
                })
                .await;
        }
    }
    Ok(reminded)
}

/// The sweep, every minute while the server runs.
pub async fn run(ctx: AppContext, hosts: Hosts) {
    let mut ticker = tokio::time::interval(ROUND);
    loop {
        ticker.tick().await;
        let swept = send_due(&ctx, &hosts, kernel::clock::now()).await;
        if let Err(err) = &swept {
            tracing::error!(error = %err, "the event reminder sweep failed");
        }
        kernel::metrics::record_job("event_reminders", swept.is_ok());
    }
}
