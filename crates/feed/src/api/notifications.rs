use actix_web::{get, post, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::Serialize;
use utoipa::ToSchema;

use crate::service::notices::Notification;
use crate::service::notify;

/// The bell after opening: nothing unread.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReadResult {
    pub unread_notification_count: i64,
}

/// My notifications
///
/// The caller's notifications, newest first.
#[utoipa::path(
    operation_id = "listMyNotifications",
    tag = "notifications",
    security(("bearer" = [])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of notifications (10 by default).", body = Page<Notification>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/notifications")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<Notification>>> {
    Ok(web::Json(notify::list(&ctx.db, user.id, &params).await?))
}

/// Mark notifications read
///
/// Marks every notification of the caller read (the bell was opened).
#[utoipa::path(
    operation_id = "readMyNotifications",
    tag = "notifications",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "All read.", body = Data<ReadResult>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[post("/me/notifications/read")]
pub async fn read(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<ReadResult>>> {
    notify::mark_all_read(&ctx.db, user.id).await?;
    Ok(Data::new(ReadResult {
        unread_notification_count: ctx.notices.unread(user.id).await?,
    }))
}
