//! Events of a working group or project, and the caller's across their hosts.

use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse};

use super::dto::{AnswerRequest, MeetingRequest};
use crate::enums::HostType;
use crate::host::Hosts;
use crate::policy;
use crate::read::Meeting;
use crate::service::{answers, listing, scheduling};

/// Meeting `id` as `user` reads it at its host.
async fn shown(ctx: &AppContext, hosts: &Hosts, user: &CurrentUser, id: i64) -> AppResult<Meeting> {
    listing::one(ctx, hosts, user, id).await
}

/// List a host's events
///
/// The coming events (not ended, not cancelled) of a working group or project, soonest first
/// (at most 50), for its members: times with their zone, where to meet, how many are going,
/// the caller's answer and what the caller may do.
#[utoipa::path(
    operation_id = "listHostEvents",
    tag = "events",
    security(("bearer" = [])),
    params(
        ("host_type" = inline(HostType), Path, description = "What holds the events"),
        ("id" = i64, Path, description = "The working group's or project's id"),
    ),
    responses(
        (status = 200, description = "The coming events.", body = Data<Vec<Meeting>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such host, or the caller is not one of its members.", body = kernel::ErrorBody),
    )
)]
#[get("/{host_type}/{id}/events")]
pub async fn list(
    ctx: web::Data<AppContext>,
    hosts: web::Data<Hosts>,
    user: CurrentUser,
    path: web::Path<(HostType, i64)>,
) -> AppResult<web::Json<Data<Vec<Meeting>>>> {
    let (kind, id) = path.into_inner();
    Ok(Data::new(
        listing::of_host(&ctx, &hosts, &user, kind, id).await?,
    ))
}

/// Schedule an event
///
/// A working group's owner or moderators, or a project's owner, schedule a meeting: a title,
/// a description, start and end (within 7 days of each other, in the future) with the zone
/// they are given in, and an online link or a place (or both). Members are reminded a day and
/// an hour before.
#[utoipa::path(
    operation_id = "createEvent",
    tag = "events",
    security(("bearer" = [])),
    params(
        ("host_type" = inline(HostType), Path, description = "What holds the event"),
        ("id" = i64, Path, description = "The working group's or project's id"),
    ),
    request_body = MeetingRequest,
    responses(
        (status = 201, description = "The event.", body = Data<Meeting>),
        (status = 400, description = "A field is missing or wrong: times, zone, link, place.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "A member who does not manage the host's events.", body = kernel::ErrorBody),
        (status = 404, description = "No such host, or the caller is not one of its members.", body = kernel::ErrorBody),
    )
)]
#[post("/{host_type}/{id}/events")]
pub async fn create(
    ctx: web::Data<AppContext>,
    hosts: web::Data<Hosts>,
    user: CurrentUser,
    path: web::Path<(HostType, i64)>,
    body: ValidJson<MeetingRequest>,
) -> AppResult<HttpResponse> {
    let (kind, host_id) = path.into_inner();
    let draft = body.into_inner().draft()?;
    let made = scheduling::create(&ctx, &hosts, &user, kind, host_id, draft).await?;
    let meeting = shown(&ctx, &hosts, &user, made.id).await?;
    Ok(HttpResponse::Created().json(Data { data: meeting }))
}

/// Change an event
///
/// Changes a coming event (its managers only); an event that ended or was cancelled is
/// refused with 409.
#[utoipa::path(
    operation_id = "updateEvent",
    tag = "events",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The event's id")),
    request_body = MeetingRequest,
    responses(
        (status = 200, description = "The event now.", body = Data<Meeting>),
        (status = 400, description = "A field is missing or wrong.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "A member who does not manage the host's events.", body = kernel::ErrorBody),
        (status = 404, description = "No such event, or the caller is not a member of its host.", body = kernel::ErrorBody),
        (status = 409, description = "The event is over or cancelled.", body = kernel::ErrorBody),
    )
)]
#[put("/events/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    hosts: web::Data<Hosts>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: ValidJson<MeetingRequest>,
) -> AppResult<web::Json<Data<Meeting>>> {
    let id = id.into_inner();
    scheduling::update(&ctx, &hosts, &user, id, body.into_inner().draft()?).await?;
    Ok(Data::new(shown(&ctx, &hosts, &user, id).await?))
}

/// Cancel an event
///
/// Cancels a coming event (its managers only): it leaves the host's list and shows as
/// cancelled in members' calendars; nobody is reminded of it.
#[utoipa::path(
    operation_id = "cancelEvent",
    tag = "events",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The event's id")),
    responses(
        (status = 200, description = "Cancelled.", body = Data<MessageResponse>, example = json!({"data": {"message": policy::CANCELLED}})),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "A member who does not manage the host's events.", body = kernel::ErrorBody),
        (status = 404, description = "No such event, or the caller is not a member of its host.", body = kernel::ErrorBody),
        (status = 409, description = "The event is over or cancelled already.", body = kernel::ErrorBody),
    )
)]
#[delete("/events/{id}")]
pub async fn cancel(
    ctx: web::Data<AppContext>,
    hosts: web::Data<Hosts>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    scheduling::cancel(&ctx, &hosts, &user, id.into_inner()).await?;
    Ok(Data::new(MessageResponse {
        message: policy::CANCELLED.to_owned(),
    }))
}

/// Answer an event
///
/// The caller answers a coming event of a host they are a member of: going, maybe or not going
/// (answering again changes it; not going also stops its reminders).
#[utoipa::path(
    operation_id = "answerEvent",
    tag = "events",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The event's id")),
    request_body = AnswerRequest,
    responses(
        (status = 200, description = "The event now.", body = Data<Meeting>),
        (status = 400, description = "Not an answer.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such event, or the caller is not a member of its host.", body = kernel::ErrorBody),
        (status = 409, description = "The event is over or cancelled.", body = kernel::ErrorBody),
    )
)]
#[put("/events/{id}/answer")]
pub async fn answer(
    ctx: web::Data<AppContext>,
    hosts: web::Data<Hosts>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: ValidJson<AnswerRequest>,
) -> AppResult<web::Json<Data<Meeting>>> {
    let id = id.into_inner();
    answers::answer(&ctx, &hosts, &user, id, body.answer).await?;
    Ok(Data::new(shown(&ctx, &hosts, &user, id).await?))
}

/// List your events
///
/// The coming events of every working group and project the caller is a member of, soonest
/// first (at most 50).
#[utoipa::path(
    operation_id = "listMyEvents",
    tag = "events",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's coming events.", body = Data<Vec<Meeting>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/events")]
pub async fn mine(
    ctx: web::Data<AppContext>,
    hosts: web::Data<Hosts>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<Vec<Meeting>>>> {
    let now = kernel::clock::now();
    Ok(Data::new(
        listing::of_member(&ctx, &hosts, user.id, now, false).await?,
    ))
}
