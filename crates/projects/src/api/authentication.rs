//! A donor confirms with their bank a charge it wanted authenticated (Stripe's 3-D Secure):
//! the challenge's secret for the browser, then the charge recorded once the bank said yes.

use actix_web::{HttpResponse, post, web};
use kernel::payments::ProcessorKind;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Serialize;
use utoipa::ToSchema;

use super::pledges::MyPledge;
use crate::service::authentication;

/// What the browser needs to show the bank's challenge for a pledge's charge.
#[derive(Debug, Serialize, ToSchema)]
pub struct PledgeAuthentication {
    pub processor: ProcessorKind,
    /// The charge at the processor (Stripe's PaymentIntent).
    pub charge_id: String,
    /// The browser completes the challenge with it (never stored by Cohort).
    pub client_secret: String,
    /// Cents of CAD.
    pub amount_cents: i64,
}

/// Start confirming a pledge's payment
///
/// For one of the caller's pledges whose charge their bank wants authenticated: the charge's
/// secret, with which the browser completes the bank's challenge (Stripe.js's
/// `confirmCardPayment`, or the test processor's page); `POST …/authentication/complete`
/// then records the charge.
#[utoipa::path(
    operation_id = "startPledgeAuthentication",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The pledge's id")),
    responses(
        (status = 201, description = "The bank's challenge to complete in the browser.", body = Data<PledgeAuthentication>),
        (status = 400, description = "No payment of this pledge waits for the donor's bank.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's pledge.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[post("/me/pledges/{id}/authentication")]
pub async fn start(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<HttpResponse> {
    super::pledges::limited(&ctx, &user).await?;
    let challenge = authentication::start(&ctx, &user, *path).await?;
    Ok(
        HttpResponse::Created().json(Data::new(PledgeAuthentication {
            processor: challenge.processor,
            charge_id: challenge.charge_id,
            client_secret: challenge.client_secret,
            amount_cents: challenge.amount_cents,
        })),
    )
}

/// Record a confirmed payment
///
/// Once the caller's bank confirmed the charge of their pledge, Cohort asks the processor and
/// records it: the pledge, charged (or refunded at once when the project was refunded
/// meanwhile).
#[utoipa::path(
    operation_id = "completePledgeAuthentication",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The pledge's id")),
    responses(
        (status = 200, description = "The pledge as it now stands.", body = Data<MyPledge>),
        (status = 400, description = "No payment waits, or the bank has not confirmed it.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's pledge.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[post("/me/pledges/{id}/authentication/complete")]
pub async fn complete(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MyPledge>>> {
    super::pledges::limited(&ctx, &user).await?;
    let charged = authentication::complete(&ctx, &user, *path).await?;
    Ok(Data::new(super::pledges::shown(&ctx, charged).await?))
}
