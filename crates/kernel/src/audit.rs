//! The staff audit log: who decided what, on which record, and why. Written in the same
//! transaction as the decision, so a change and its record exist together or not at all.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction,
    EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::error::{AppError, AppResult};
use crate::pagination::{Page, PageParams, paginate};
use crate::stats::{self, Count, Period};
use crate::storage::Storage;
use crate::users::UserDirectory;

mod entity {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "audit_log")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub actor_id: i64,
        pub action: String,
        pub subject_type: String,
        pub subject_id: String,
        pub detail: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// One decision to record.
#[derive(Debug, Clone)]
struct AuditEntry<'a> {
    actor_id: i64,
    /// What was done, e.g. `affiliation.approve`.
    action: &'a str,
    /// The kind of record it was done to, e.g. `user`.
    subject_type: &'a str,
    subject_id: String,
    /// The values the decision changed, as they were (`null` for a new record)...
    before: Value,
    /// ...and as they became (`null` for a deleted one).
    after: Value,
    /// Why, when the staff member said.
    reason: Option<String>,
}

impl<'a> AuditEntry<'a> {
    /// `staff` did `action` to the `subject_type` record `subject_id`.
    fn by(
        staff: &crate::Staff,
        action: &'a str,
        subject_type: &'a str,
        subject_id: impl ToString,
    ) -> Self {
        Self {
            actor_id: staff.id(),
            action,
            subject_type,
            subject_id: subject_id.to_string(),
            before: Value::Null,
            after: Value::Null,
            reason: None,
        }
    }

    /// The record as it was and as it became (either serialisable; `()` for none).
    fn change(mut self, before: impl Serialize, after: impl Serialize) -> Self {
        self.before = serde_json::to_value(before).unwrap_or(Value::Null);
        self.after = serde_json::to_value(after).unwrap_or(Value::Null);
        self
    }
}

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

/// Appends an entry inside the transaction that makes the change (through `Decision`).
async fn record(db: &impl ConnectionTrait, entry: AuditEntry<'_>) -> AppResult<()> {
    if entry.subject_id.is_empty() {
        return Err(AppError::Internal(anyhow::anyhow!(
            "audit entry {} names no record",
            entry.action
        )));
    }
    let detail = Detail {
        before: entry.before,
        after: entry.after,
        reason: entry.reason,
    };
    entity::ActiveModel {
        actor_id: Set(entry.actor_id),
        action: Set(entry.action.to_owned()),
        subject_type: Set(entry.subject_type.to_owned()),
        subject_id: Set(entry.subject_id),
        detail: Set(serde_json::to_string(&detail).map_err(|e| AppError::Internal(e.into()))?),
        created_at: Set(crate::clock::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
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
pub struct Decision<'a> {
    txn: DatabaseTransaction,
    entry: AuditEntry<'a>,
}

impl<'a> Decision<'a> {
    /// `staff` decides `action` on the `subject_type` record `subject_id`: opens the write
    /// transaction the decision is made in.
    pub async fn by(
        db: &DatabaseConnection,
        staff: &crate::Staff,
        action: &'a str,
        subject_type: &'a str,
        subject_id: impl ToString,
    ) -> AppResult<Self> {
        Self::begin(db, AuditEntry::by(staff, action, subject_type, subject_id)).await
    }

    /// `staff` creates a `subject_type` record: `on` names it once inserted (the commit
    /// fails loudly if nothing did).
    pub async fn creating(
        db: &DatabaseConnection,
        staff: &crate::Staff,
        action: &'a str,
        subject_type: &'a str,
    ) -> AppResult<Self> {
        Self::begin(db, AuditEntry::by(staff, action, subject_type, "")).await
    }

    async fn begin(db: &DatabaseConnection, entry: AuditEntry<'a>) -> AppResult<Self> {
        Ok(Self {
            txn: crate::db::begin_write(db).await?,
            entry,
        })
    }

    /// Why, when the staff member said.
    pub fn because(mut self, reason: Option<String>) -> Self {
        self.entry.reason = reason;
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
        record(&self.txn, self.entry.change(before, after)).await?;
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
            crate::documents::discard(storage, &key).await;
        }
        Ok(())
    }
}

/// Fills in who made each decision, by name, from the user directory.
pub async fn name_actors(users: &dyn UserDirectory, records: &mut [AuditRecord]) -> AppResult<()> {
    let actors: Vec<i64> = records.iter().map(|r| r.actor_id).collect();
    let names = users.summaries(&actors).await?;
    for record in records {
        record.actor_name = names.get(&record.actor_id).map(|u| u.name.clone());
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
