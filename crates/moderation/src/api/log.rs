use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, PageParams};

use super::dto::{GroupScope, ModerationLogEntry, ModerationLogPage};
use crate::service::log;

/// Read the moderation log
///
/// What moderators did, newest first, 20 a page: who, what, when and why, never who
/// reported. A working group's members read their group's; staff read every group's,
/// or everything when no group is named.
#[utoipa::path(
    operation_id = "listModerationLog",
    tag = "moderation",
    security(("bearer" = [])),
    params(GroupScope, PageParams),
    responses(
        (status = 200, description = "A page of the log.", body = ModerationLogPage),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not a member of that group.", body = kernel::ErrorBody),
    )
)]
#[get("/moderation/log")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    scope: web::Query<GroupScope>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<ModerationLogPage>> {
    let page = log::list(&ctx, &user, scope.group_id, &params)
        .await?
        .map(|e| ModerationLogEntry {
            id: e.id,
            subject_type: e.kind,
            title: e.title,
            author_name: e.author_name,
            automatic: e.automatic,
            moderator_name: e.actor_name,
            action: e.action,
            reason: e.reason,
            reports: e.reports,
            created_at: e.at,
        });
    Ok(web::Json(ModerationLogPage {
        data: page.data,
        pagination: page.pagination,
    }))
}
