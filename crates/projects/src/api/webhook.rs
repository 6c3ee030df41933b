//! `POST /payments/webhook`: where the card processor reports what happened on its side.

use actix_web::{HttpRequest, post, web};
use kernel::{AppContext, AppResult, Data, MessageResponse};

use crate::service::webhooks::{self, Delivery};

/// Payment webhook
///
/// Receives a processor webhook (Stripe's `Stripe-Signature` scheme): verified, handled once by its
/// event id.
#[utoipa::path(
    operation_id = "receivePaymentWebhook",
    tag = "payments",
    request_body(
        content = String,
        description = "The processor's signed event (JSON)",
        content_type = "application/json",
        example = json!(r#"{"id":"evt_1PqR8sT2","type":"charge.refunded","data":{"object":{"id":"ch_3PqR8sT2"}}}"#)
    ),
    responses(
        (status = 200, description = "Received (or received before).", body = Data<MessageResponse>, example = json!({"data": {"message": "Received."}})),
        (status = 400, description = "The signature is not valid or too old.", body = kernel::ErrorBody),
    )
)]
#[post("/payments/webhook")]
pub async fn receive(
    ctx: web::Data<AppContext>,
    request: HttpRequest,
    body: web::Bytes,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let signature = request
        .headers()
        .get("Stripe-Signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    Ok(MessageResponse::data(
        match webhooks::receive(&ctx, &body, signature).await? {
            Delivery::Handled => "Received.",
            Delivery::Duplicate => "Received before.",
        },
    ))
}
