use actix_web::{get, post, web};
use kernel::notification_kinds::NotificationKind;
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::service::inbox::{self, Filter};
use crate::service::notices::Notification;

/// The member's unread count after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReadResult {
    pub unread_notification_count: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct NotificationsQuery {
    /// Only notifications of this kind.
    pub kind: Option<NotificationKind>,
    /// `true`: the unread ones first (each part newest first).
    pub unread_first: Option<bool>,
}

/// My notifications
///
/// The caller's notifications, newest first (or unread first), of every kind or of one.
#[utoipa::path(
    operation_id = "listMyNotifications",
    tag = "notifications",
    security(("bearer" = [])),
    params(NotificationsQuery, PageParams),
    responses(
        (status = 200, description = "A page of notifications (10 by default).", body = Page<Notification>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/notifications")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    query: web::Query<NotificationsQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<Notification>>> {
    let filter = Filter {
        kind: query.kind,
        unread_first: query.unread_first.unwrap_or(false),
    };
    Ok(web::Json(
        inbox::list(&ctx.db, user.id, filter, &params).await?,
    ))
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
    inbox::mark_all_read(&ctx.db, user.id).await?;
    unread_count(&ctx, &user).await
}

/// Mark a notification read
///
/// Marks one of the caller's notifications read.
#[utoipa::path(
    operation_id = "readMyNotification",
    tag = "notifications",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The notification's id")),
    responses(
        (status = 200, description = "Read; the caller's unread count.", body = Data<ReadResult>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such notification of the caller's.", body = kernel::ErrorBody),
    )
)]
#[post("/me/notifications/{id}/read")]
pub async fn read_one(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ReadResult>>> {
    inbox::mark(&ctx.db, user.id, path.into_inner(), true).await?;
    unread_count(&ctx, &user).await
}

/// Mark a notification unread
///
/// Marks one of the caller's notifications unread again: the bell counts it.
#[utoipa::path(
    operation_id = "unreadMyNotification",
    tag = "notifications",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The notification's id")),
    responses(
        (status = 200, description = "Unread; the caller's unread count.", body = Data<ReadResult>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such notification of the caller's.", body = kernel::ErrorBody),
    )
)]
#[post("/me/notifications/{id}/unread")]
pub async fn unread_one(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ReadResult>>> {
    inbox::mark(&ctx.db, user.id, path.into_inner(), false).await?;
    unread_count(&ctx, &user).await
}

async fn unread_count(
    ctx: &AppContext,
    user: &CurrentUser,
) -> AppResult<web::Json<Data<ReadResult>>> {
    Ok(Data::new(ReadResult {
        unread_notification_count: ctx.notices.unread(user.id).await?,
    }))
}
