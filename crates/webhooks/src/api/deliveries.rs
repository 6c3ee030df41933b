//! A webhook's delivery log, and redelivery by hand.

use actix_web::{HttpResponse, get, post, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};

use crate::service::deliveries::{self, Delivery};

/// A webhook's deliveries
///
/// What was sent, newest first, 20 a page: each with its status, attempts, the receiver's
/// last status and the start of its answer, or why no answer came.
#[utoipa::path(
    operation_id = "listWebhookDeliveries",
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The webhook's id"), PageParams),
    responses(
        (status = 200, description = "A page of deliveries.", body = Page<Delivery>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot manage webhooks.", body = kernel::ErrorBody),
        (status = 404, description = "No such webhook the caller manages.", body = kernel::ErrorBody),
    )
)]
#[get("/webhooks/{id}/deliveries")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<Delivery>>> {
    Ok(web::Json(
        deliveries::list(&ctx, &user, id.into_inner(), &params).await?,
    ))
}

/// Redeliver
///
/// Sends a delivery's event again, now, as a new delivery with the same event id.
#[utoipa::path(
    operation_id = "redeliverWebhook",
    tag = "webhooks",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The webhook's id"),
        ("delivery_id" = i64, Path, description = "The delivery to send again"),
    ),
    responses(
        (status = 202, description = "Queued: the new delivery.", body = Data<Delivery>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot manage webhooks.", body = kernel::ErrorBody),
        (status = 404, description = "No such webhook or delivery.", body = kernel::ErrorBody),
        (status = 409, description = "The webhook is off.", body = kernel::ErrorBody),
    )
)]
#[post("/webhooks/{id}/deliveries/{delivery_id}/redeliver")]
pub async fn redeliver(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    let (id, delivery_id) = path.into_inner();
    let again = deliveries::redeliver(&ctx, &user, id, delivery_id).await?;
    Ok(HttpResponse::Accepted().json(Data { data: again }))
}
