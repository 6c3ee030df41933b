//! The chain's head as it stood at the end of each day (UTC), published at
//! `GET /api/audit/heads` for anyone to keep. A published head cannot be taken back: once
//! others hold it, history rewritten with fresh hashes no longer passes through it.
//!
//! A sweep every minute closes each day once, within a minute of midnight UTC, with the head
//! as it stands then (a decision committing in that minute counts in the day it closes). On a
//! server that was down over midnight, the missed day is closed with the head it finds.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DatabaseConnection, EntityTrait, Set};
use serde::Serialize;
use utoipa::ToSchema;

use super::chain;
use super::heads_entity as entity;
use kernel::AppContext;
use kernel::error::AppResult;
use kernel::pagination::{Page, PageParams, paginate};
use sea_orm::QueryOrder;

/// A published daily head.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PublishedHead {
    /// The day that ended, `YYYY-MM-DD` (UTC).
    pub day: String,
    /// The last entry's place in the chain then (0: none yet).
    pub seq: i64,
    pub hash: String,
    pub recorded_at: DateTime<Utc>,
}

impl From<entity::Model> for PublishedHead {
    fn from(row: entity::Model) -> Self {
        Self {
            day: row.day,
            seq: row.seq,
            hash: row.hash,
            recorded_at: row.recorded_at,
        }
    }
}

/// The day that ended most recently at `now`.
fn day_before(now: DateTime<Utc>) -> NaiveDate {
    (now - Duration::days(1)).date_naive()
}

/// Publishes the head for the day that ended before `now`, unless it is published already
/// (several servers: the first one's stands). Returns whether this call published it.
pub async fn close_day(db: &DatabaseConnection, now: DateTime<Utc>) -> AppResult<bool> {
    let day = day_before(now).format("%Y-%m-%d").to_string();
    // Read first: the sweep writes once a day, not every minute.
    if entity::Entity::find_by_id(day.clone())
        .one(db)
        .await?
        .is_some()
    {
        return Ok(false);
    }
    let txn = kernel::db::begin_write(db).await?;
    let head = chain::head(&txn).await?;
    let inserted = entity::Entity::insert(entity::ActiveModel {
        day: Set(day),
        seq: Set(head.seq),
        hash: Set(head.hash),
        recorded_at: Set(now),
    })
    .on_conflict(
        OnConflict::column(entity::Column::Day)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    txn.commit().await?;
    Ok(inserted > 0)
}

/// How often the sweep looks at the clock.
const ROUND: std::time::Duration = std::time::Duration::from_secs(60);

/// The sweep: closes each day as it ends, until the process ends. Its first round is a
/// minute after start, out of the way of start-up's own writes.
pub async fn run(ctx: AppContext) {
    let mut ticker = tokio::time::interval_at(tokio::time::Instant::now() + ROUND, ROUND);
    loop {
        ticker.tick().await;
        let closed = close_day(&ctx.db, kernel::clock::now()).await;
        if let Err(err) = &closed {
            tracing::error!(error = %err, "publishing the audit chain's daily head failed");
        }
        kernel::metrics::record_job("audit_daily_head", closed.is_ok());
    }
}

/// The published heads, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<PublishedHead>> {
    let page = paginate(
        db,
        entity::Entity::find().order_by_desc(entity::Column::Day),
        params,
        PER_PAGE,
    )
    .await?;
    Ok(Page {
        data: page.data.into_iter().map(PublishedHead::from).collect(),
        pagination: page.pagination,
    })
}

/// Heads per page unless asked otherwise.
const PER_PAGE: u64 = 30;
