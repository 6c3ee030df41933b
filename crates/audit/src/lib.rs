//! The audit log: who decided what, on which record, and why — every staff decision and
//! every moderation action. Written in the same transaction as the change, so a change and
//! its record exist together or not at all; and chained (`chain`), each entry carrying the
//! hash of the one before, so a changed, removed or inserted entry is detectable.

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, Select, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use kernel::error::{AppError, AppResult};
use kernel::pagination::{Page, PageParams, paginate};
use kernel::stats::{self, Count, Period};
use kernel::storage::Storage;
use kernel::users::UserDirectory;

pub mod chain;
pub(crate) mod entity;
pub mod heads;
mod heads_entity;
pub mod trail;

/// Who acted for an entry made by the platform itself (content hidden after several
/// reports): no member has this id.
pub const PLATFORM: i64 = 0;

/// One decision or action to record.
#[derive(Debug, Clone)]
pub struct Entry {
    actor_id: i64,
    /// What was done, e.g. `affiliation.approve`.
    action: String,
    /// The kind of record it was done to, e.g. `user`.
    subject_type: String,
    subject_id: String,
    /// The member it is about, when there is one.
    about_user_id: Option<i64>,
    /// The values the decision changed, as they were (`null` for a new record)...
    before: Value,
    /// ...and as they became (`null` for a deleted one).
    after: Value,
    /// Why, when the actor said.
    reason: Option<String>,
}

impl Entry {
    /// The member `actor_id` (or `PLATFORM`) did `action` to the `subject_type` record
    /// `subject_id`. An entry about a `user` record is about that member.
    pub fn new(
        actor_id: i64,
        action: impl Into<String>,
        subject_type: impl Into<String>,
        subject_id: impl ToString,
    ) -> Self {
        Self {
            actor_id,
            action: action.into(),
            subject_type: subject_type.into(),
            subject_id: subject_id.to_string(),
            about_user_id: None,
            before: Value::Null,
            after: Value::Null,
            reason: None,
        }
    }

    /// The member the entry is about (the author of the content it concerns).
    pub fn about(mut self, user_id: Option<i64>) -> Self {
        self.about_user_id = user_id;
        self
    }

    /// Why, when the actor said.
    pub fn because(mut self, reason: Option<String>) -> Self {
        self.reason = reason;
        self
    }

    /// The record as it was and as it became (either serialisable; `()` for none).
    pub fn change(mut self, before: impl Serialize, after: impl Serialize) -> Self {
        self.before = serde_json::to_value(before).unwrap_or(Value::Null);
        self.after = serde_json::to_value(after).unwrap_or(Value::Null);
        self
    }

    /// Whom the entry is about: the one named, else the account a `user` entry concerns.
    fn subject_member(&self) -> Option<i64> {
        self.about_user_id.or_else(|| {
            (self.subject_type == USER_SUBJECT)
                .then(|| self.subject_id.parse().ok())
                .flatten()
        })
    }
}

/// The subject type of entries about an account.
const USER_SUBJECT: &str = "user";

/// A recorded decision, as the staff console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuditRecord {
    pub id: i64,
    pub actor_id: i64,
    /// Filled in from the user directory (`name_actors`).
    pub actor_name: Option<String>,
    pub action: String,
    pub subject_type: String,
    pub subject_id: String,
    pub before: Value,
    pub after: Value,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// How the entry is kept in the `detail` column.
#[derive(Serialize, Deserialize)]
struct Detail {
    #[serde(default)]
    before: Value,
    #[serde(default)]
    after: Value,
    #[serde(default)]
    reason: Option<String>,
}

/// Appends `entry` to the chain inside `txn`, the transaction that makes the change, so the
/// change and its entry commit together. Staff decisions go through `Decision`.
pub async fn append(txn: &DatabaseTransaction, entry: Entry) -> AppResult<()> {
    if entry.subject_id.is_empty() {
        return Err(AppError::Internal(anyhow::anyhow!(
            "audit entry {} names no record",
            entry.action
        )));
    }
    let about_user_id = entry.subject_member();
    let detail = Detail {
        before: entry.before,
        after: entry.after,
        reason: entry.reason,
    };
    let row = entity::ActiveModel {
        actor_id: Set(entry.actor_id),
        action: Set(entry.action),
        subject_type: Set(entry.subject_type),
        subject_id: Set(entry.subject_id),
        detail: Set(serde_json::to_string(&detail).map_err(|e| AppError::Internal(e.into()))?),
        created_at: Set(chain::stamp(kernel::clock::now())),
        about_user_id: Set(about_user_id),
        ..Default::default()
    };
    chain::link(txn, row).await
}

fn from_row(row: entity::Model) -> AppResult<AuditRecord> {
    let detail: Detail =
        serde_json::from_str(&row.detail).map_err(|e| AppError::Internal(e.into()))?;
    Ok(AuditRecord {
        id: row.id,
        actor_id: row.actor_id,
        actor_name: None,
        action: row.action,
        subject_type: row.subject_type,
        subject_id: row.subject_id,
        before: detail.before,
        after: detail.after,
        reason: detail.reason,
        created_at: row.created_at,
    })
}

/// Every entry about one record, newest first.
pub async fn history(
    db: &impl ConnectionTrait,
    subject_type: &str,
    subject_id: &str,
) -> AppResult<Vec<AuditRecord>> {
    entity::Entity::find()
        .filter(entity::Column::SubjectType.eq(subject_type))
        .filter(entity::Column::SubjectId.eq(subject_id))
        .order_by_desc(entity::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(from_row)
        .collect()
}

/// A staff decision being made: a write transaction that commits only together with its
/// audit entry, so no staff change can land unrecorded. Every staff decision goes through it:
///
/// ```ignore
/// let decision = Decision::by(&ctx.db, staff, "lecture.update", "lecture", id).await?;
/// let current = get(decision.db(), id).await?;
/// let before = snapshot(&current);
/// let saved = change(decision.db(), current).await?;
/// decision.commit(before, snapshot(&saved)).await?;
/// ```
///
/// Dropped without `commit` (an error on the way), the transaction rolls back.
pub struct Decision {
    txn: DatabaseTransaction,
    entry: Entry,
}

impl Decision {
    /// `staff` decides `action` on the `subject_type` record `subject_id`: opens the write
    /// transaction the decision is made in.
    pub async fn by(
        db: &DatabaseConnection,
        staff: &kernel::Staff,
        action: &str,
        subject_type: &str,
        subject_id: impl ToString,
    ) -> AppResult<Self> {
        Self::begin(db, Entry::new(staff.id(), action, subject_type, subject_id)).await
    }

    /// `staff` creates a `subject_type` record: `on` names it once inserted (the commit
    /// fails loudly if nothing did).
    pub async fn creating(
        db: &DatabaseConnection,
        staff: &kernel::Staff,
        action: &str,
        subject_type: &str,
    ) -> AppResult<Self> {
        Self::begin(db, Entry::new(staff.id(), action, subject_type, "")).await
    }

    async fn begin(db: &DatabaseConnection, entry: Entry) -> AppResult<Self> {
        Ok(Self {
            txn: kernel::db::begin_write(db).await?,
            entry,
        })
    }

    /// Why, when the staff member said.
    pub fn because(mut self, reason: Option<String>) -> Self {
        self.entry = self.entry.because(reason);
        self
    }

    /// The member the decision concerns (a group's or project's owner, an update's author),
    /// who reads it under their profile; a decision on a `user` record is about that member.
    pub fn about(mut self, user_id: Option<i64>) -> Self {
        self.entry = self.entry.about(user_id);
        self
    }

    /// Where the change is read and written.
    pub fn db(&self) -> &DatabaseTransaction {
        &self.txn
    }

    /// Names the record once it exists (a creation learns its id on insert).
    pub fn on(mut self, subject_id: impl ToString) -> Self {
        self.entry.subject_id = subject_id.to_string();
        self
    }

    /// Records the record as it was and as it became (`()` for none), and commits.
    pub async fn commit(self, before: impl Serialize, after: impl Serialize) -> AppResult<()> {
        append(&self.txn, self.entry.change(before, after)).await?;
        self.txn.commit().await?;
        Ok(())
    }

    /// Commits like `commit`, then removes the stored files the change replaced or deleted:
    /// a file goes only once nothing committed points at it any more.
    pub async fn commit_replacing(
        self,
        before: impl Serialize,
        after: impl Serialize,
        storage: &dyn Storage,
        replaced: impl IntoIterator<Item = String>,
    ) -> AppResult<()> {
        self.commit(before, after).await?;
        for key in replaced {
            media::documents::discard(storage, &key).await;
        }
        Ok(())
    }
}

/// How the platform is named where it acted.
pub const PLATFORM_NAME: &str = "Cohort (after several reports)";

/// Who `actor_id` is, by name, among `names` (`None`: an account since deleted).
fn actor_name(
    actor_id: i64,
    names: &std::collections::HashMap<i64, kernel::users::UserSummary>,
) -> Option<String> {
    if actor_id == PLATFORM {
        return Some(PLATFORM_NAME.to_owned());
    }
    names.get(&actor_id).map(|u| u.name.clone())
}

/// Fills in who made each decision, by name, from the user directory.
pub async fn name_actors(users: &dyn UserDirectory, records: &mut [AuditRecord]) -> AppResult<()> {
    let actors: Vec<i64> = records.iter().map(|r| r.actor_id).collect();
    let names = users.summaries(&actors).await?;
    for record in records {
        record.actor_name = actor_name(record.actor_id, &names);
    }
    Ok(())
}

/// Which entries the console's log shows; every field narrows it.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditFilter {
    /// An action, e.g. `group.approve`, or its prefix up to the dot (`group`).
    pub action: Option<String>,
    pub subject_type: Option<String>,
    pub subject_id: Option<String>,
    pub actor_id: Option<i64>,
}

/// The entries `filter` lets through.
fn filtered(filter: &AuditFilter) -> Select<entity::Entity> {
    let mut select = entity::Entity::find();
    if let Some(action) = filter.action.as_deref().filter(|a| !a.is_empty()) {
        select = if action.contains('.') {
            select.filter(entity::Column::Action.eq(action))
        } else {
            select.filter(entity::Column::Action.starts_with(format!("{action}.")))
        };
    }
    if let Some(kind) = filter.subject_type.as_deref().filter(|t| !t.is_empty()) {
        select = select.filter(entity::Column::SubjectType.eq(kind));
    }
    if let Some(id) = filter.subject_id.as_deref().filter(|t| !t.is_empty()) {
        select = select.filter(entity::Column::SubjectId.eq(id));
    }
    if let Some(actor) = filter.actor_id {
        select = select.filter(entity::Column::ActorId.eq(actor));
    }
    select
}

/// How many entries `filter` lets through on each day of `period`: the log's activity
/// strip, one grouped statement.
pub async fn per_day(
    db: &impl ConnectionTrait,
    filter: &AuditFilter,
    period: Period,
) -> AppResult<Vec<i64>> {
    stats::per_day(
        db,
        filtered(filter),
        entity::Column::CreatedAt,
        Count::Rows,
        period,
    )
    .await
}

/// A page of entries, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    filter: &AuditFilter,
    params: &PageParams,
) -> AppResult<Page<AuditRecord>> {
    let select = filtered(filter);
    let page = paginate(
        db,
        select.order_by_desc(entity::Column::Id),
        params,
        PER_PAGE,
    )
    .await?;
    let records = page
        .data
        .into_iter()
        .map(from_row)
        .collect::<AppResult<Vec<_>>>()?;
    Ok(Page {
        data: records,
        pagination: page.pagination,
    })
}

/// The distinct actions recorded so far, for the console's filter.
pub async fn actions(db: &impl ConnectionTrait) -> AppResult<Vec<String>> {
    let rows: Vec<String> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Action)
        .distinct()
        .order_by_asc(entity::Column::Action)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows)
}

/// Entries per page unless asked otherwise.
const PER_PAGE: u64 = 25;
