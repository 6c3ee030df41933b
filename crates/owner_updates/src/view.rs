//! An update as every list and answer sends it.

use chrono::{DateTime, Utc};
use kernel::users::UserSummary;
use kernel::{AppContext, AppResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{UpdateStatus, UpdateTable};

/// An update, a working group's or a project's.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerUpdate {
    pub id: i64,
    pub title: String,
    /// Rich text (sanitised).
    pub text: String,
    pub image: Option<String>,
    pub video_url: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<UserSummary>,
    pub approved_status: UpdateStatus,
    /// Hidden by moderators until reviewed: only its author (who sees why) and those who
    /// curate its group or project see it then.
    pub hidden_at: Option<DateTime<Utc>>,
    /// Why it is hidden.
    pub hidden_reason: Option<String>,
}

/// An update's view with the two ids the domain's answer adds to it.
pub struct Viewed {
    pub owner_id: i64,
    pub author_id: i64,
    pub update: OwnerUpdate,
}

/// The views of `items`, their authors read in one call.
pub async fn views<T: UpdateTable>(ctx: &AppContext, items: &[T::Model]) -> AppResult<Vec<Viewed>> {
    let rows: Vec<_> = items.iter().map(T::row).collect();
    let authors: Vec<i64> = rows.iter().map(|u| u.created_by_id).collect();
    let people = ctx.users.summaries(&authors).await?;
    Ok(rows
        .into_iter()
        .map(|u| Viewed {
            owner_id: u.owner_id,
            author_id: u.created_by_id,
            update: OwnerUpdate {
                id: u.id,
                title: u.title,
                text: u.text,
                image: u.image.as_deref().map(|k| ctx.storage.url(k)),
                video_url: u.video_url,
                created_at: u.created_at,
                created_by: people.get(&u.created_by_id).cloned(),
                approved_status: u.approved_status,
                hidden_at: u.hidden_at,
                hidden_reason: u.hidden_reason,
            },
        })
        .collect())
}
