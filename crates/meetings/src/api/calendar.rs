//! The caller's calendar feed, and the feed itself.

use actix_web::{HttpResponse, delete, get, post, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse};

use super::dto::{CalendarFeed, CalendarFeedCreated};
use crate::host::Hosts;
use crate::service::calendar;

/// Read your calendar feed
///
/// Whether the caller has a calendar address, and since when (the address itself was shown
/// once, when it was made).
#[utoipa::path(
    operation_id = "getCalendarFeed",
    tag = "events",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's feed.", body = Data<CalendarFeed>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/calendar-feed")]
pub async fn show(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<CalendarFeed>>> {
    Ok(Data::new(CalendarFeed {
        created_at: calendar::made_at(&ctx, user.id).await?,
    }))
}

/// Make a calendar address
///
/// A new secret address of the caller's events in iCalendar, for a calendar app to subscribe
/// to; shown this once. An address made before stops working.
#[utoipa::path(
    operation_id = "renewCalendarFeed",
    tag = "events",
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The address.", body = Data<CalendarFeedCreated>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[post("/me/calendar-feed")]
pub async fn renew(ctx: web::Data<AppContext>, user: CurrentUser) -> AppResult<HttpResponse> {
    let url = calendar::renew(&ctx, user.id).await?;
    Ok(HttpResponse::Created().json(Data {
        data: CalendarFeedCreated { url },
    }))
}

/// Revoke your calendar address
///
/// The caller's calendar address stops working.
#[utoipa::path(
    operation_id = "revokeCalendarFeed",
    tag = "events",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Revoked.", body = Data<MessageResponse>, example = json!({"data": {"message": calendar::REVOKED}})),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/calendar-feed")]
pub async fn revoke(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    calendar::revoke(&ctx, user.id).await?;
    Ok(Data::new(MessageResponse {
        message: calendar::REVOKED.to_owned(),
    }))
}

/// A member's calendar
///
/// The events of a member's working groups and projects (the last 30 days and all to come,
/// cancelled ones marked so, those they declined left out) as iCalendar, for the secret in
/// their calendar address. No session: the secret is the key.
#[utoipa::path(
    operation_id = "getCalendar",
    tag = "events",
    params(("token" = String, Path, description = "The secret of a calendar address")),
    responses(
        (status = 200, description = "The calendar.", content_type = "text/calendar", body = String),
        (status = 404, description = "No such address, or it was revoked.", body = kernel::ErrorBody),
    )
)]
#[get("/calendar/{token}")]
pub async fn feed(
    ctx: web::Data<AppContext>,
    hosts: web::Data<Hosts>,
    token: web::Path<String>,
) -> AppResult<HttpResponse> {
    let body = calendar::calendar(&ctx, &hosts, &token).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header(("Cache-Control", "private, max-age=300"))
        .body(body))
}
