//! The moderation log: who did what, when and why. A group's members read their group's;
//! staff read every group's and the platform's. It never names who reported.

use kernel::moderation::{ModerationAction, ReportSubject};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::action;
use crate::policy;

const PER_PAGE: u64 = 20;

/// One entry as the log shows it.
pub struct Entry {
    pub id: i64,
    pub kind: ReportSubject,
    /// The item's name, while it is still there to read: a hidden or deleted item's words
    /// are not repeated here.
    pub title: Option<String>,
    pub author_name: Option<String>,
    /// The platform hid it after enough reports (no one acted).
    pub automatic: bool,
    pub actor_name: Option<String>,
    pub action: ModerationAction,
    pub reason: Option<String>,
    pub reports: i32,
    pub at: chrono::DateTime<chrono::Utc>,
}

/// A page of the log of `group_id`, or (staff only) of everything.
pub async fn list(
    ctx: &AppContext,
    viewer: &CurrentUser,
    group_id: Option<i64>,
    params: &PageParams,
) -> AppResult<Page<Entry>> {
    let is_staff = viewer.staff_role.is_some();
    let mut select = action::Entity::find();
    match group_id {
        Some(group_id) => {
            let is_member = ctx.groups.groups_of(viewer.id).await?.contains(&group_id);
            if !policy::may_read_log(is_member, is_staff) {
                return Err(AppError::not_found());
            }
            select = select.filter(action::Column::GroupId.eq(group_id));
        }
        None if is_staff => {}
        None => return Err(AppError::not_found()),
    }
    let page = kernel::pagination::paginate(
        &ctx.db,
        select
            .order_by_desc(action::Column::CreatedAt)
            .order_by_desc(action::Column::Id),
        params,
        PER_PAGE,
    )
    .await?;
    let people: Vec<i64> = page
        .data
        .iter()
        .flat_map(|a| [a.actor_id, a.author_id])
        .flatten()
        .collect();
    let names = ctx.users.summaries(&people).await?;
    let name = |id: Option<i64>| id.and_then(|id| names.get(&id)).map(|u| u.name.clone());
    Ok(page.map(|a| Entry {
        id: a.id,
        kind: a.subject_type,
        title: shows_title(a.action)
            .then_some(a.title)
            .filter(|t| !t.is_empty()),
        author_name: name(a.author_id),
        automatic: a.actor_id.is_none(),
        actor_name: name(a.actor_id),
        action: a.action,
        reason: a.reason,
        reports: a.reports,
        at: a.created_at,
    }))
}

/// The log repeats an item's name only when the action left it readable.
fn shows_title(action: ModerationAction) -> bool {
    matches!(action, ModerationAction::Dismiss | ModerationAction::Warn)
}
