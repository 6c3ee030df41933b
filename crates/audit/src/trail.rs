//! A member's own audit trail: the entries about their account and their content, each with
//! its content and link so the member can check it (`cohort audit verify --segment`).

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::chain::{AuditContent, AuditLink, SealedEntry};
use super::{Detail, actor_name, entity};
use kernel::error::{AppError, AppResult};
use kernel::pagination::{Page, PageParams, paginate};
use kernel::users::UserDirectory;

/// One entry about the member.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrailEntry {
    pub created_at: DateTime<Utc>,
    /// What was done, e.g. `user.deactivate` or `moderation.hide`.
    pub action: String,
    /// The kind of record (`user`, `topic`, `group_update`, …) and its id.
    pub subject_type: String,
    pub subject_id: String,
    /// Who acted, by name (`null`: an account since deleted).
    pub actor_name: Option<String>,
    pub reason: Option<String>,
    #[serde(flatten)]
    pub link: AuditLink,
    /// Exactly what the content hash covers.
    pub content: AuditContent,
}

/// The entries about `user_id`, newest first.
pub async fn about(
    db: &impl ConnectionTrait,
    users: &dyn UserDirectory,
    user_id: i64,
    params: &PageParams,
) -> AppResult<Page<TrailEntry>> {
    let select = entity::Entity::find()
        .filter(entity::Column::AboutUserId.eq(user_id))
        .filter(entity::Column::Seq.is_not_null())
        .order_by_desc(entity::Column::Seq);
    let page = paginate(db, select, params, PER_PAGE).await?;
    let actors: Vec<i64> = page.data.iter().map(|row| row.actor_id).collect();
    let names = users.summaries(&actors).await?;
    let mut entries = Vec::with_capacity(page.data.len());
    for row in &page.data {
        let Some(SealedEntry {
            link,
            content: Some(content),
        }) = SealedEntry::of(row)
        else {
            continue;
        };
        let detail: Detail =
            serde_json::from_str(&row.detail).map_err(|e| AppError::Internal(e.into()))?;
        entries.push(TrailEntry {
            created_at: row.created_at,
            action: row.action.clone(),
            subject_type: row.subject_type.clone(),
            subject_id: row.subject_id.clone(),
            actor_name: actor_name(row.actor_id, &names),
            reason: detail.reason,
            link,
            content,
        });
    }
    Ok(Page {
        data: entries,
        pagination: page.pagination,
    })
}

/// Entries per page unless asked otherwise.
const PER_PAGE: u64 = 20;

/// The sealed entries (link and content) about the `subject_type` records `subject_ids`,
/// by record, oldest first: what a public record's page offers to check against the chain
/// (a registered protocol's), in one statement.
pub async fn sealed(
    db: &impl ConnectionTrait,
    subject_type: &str,
    subject_ids: &[String],
) -> AppResult<std::collections::HashMap<String, Vec<SealedEntry>>> {
    let mut by_subject: std::collections::HashMap<String, Vec<SealedEntry>> =
        std::collections::HashMap::new();
    if subject_ids.is_empty() {
        return Ok(by_subject);
    }
    let rows = entity::Entity::find()
        .filter(entity::Column::SubjectType.eq(subject_type))
        .filter(entity::Column::SubjectId.is_in(subject_ids.iter().cloned()))
        .filter(entity::Column::Seq.is_not_null())
        .order_by_asc(entity::Column::Seq)
        .all(db)
        .await?;
    for row in &rows {
        if let Some(entry) = SealedEntry::of(row) {
            by_subject
                .entry(row.subject_id.clone())
                .or_default()
                .push(entry);
        }
    }
    Ok(by_subject)
}
