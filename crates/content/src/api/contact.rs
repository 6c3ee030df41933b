use actix_web::{HttpRequest, HttpResponse, post, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::service::contact::{self, Message, THANK_YOU};

/// The contact form (spec 2 §5: all required, a valid e-mail).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ContactRequest {
    #[validate(
        required(message = "Required"),
        length(min = 1, max = 255, message = "Required")
    )]
    pub name: Option<String>,
    #[validate(
        required(message = "Required"),
        length(min = 1, max = 254, message = "Required"),
        email(message = "Must be a valid email")
    )]
    pub email: Option<String>,
    #[validate(
        required(message = "Required"),
        length(min = 1, max = 10000, message = "Required")
    )]
    pub text: Option<String>,
}

/// Sends a message to the platform's team (kept for staff, mailed to support).
#[utoipa::path(
    operation_id = "contactUs",
    tag = "content",
    request_body = ContactRequest,
    responses(
        (status = 201, description = "Sent.", body = Data<MessageResponse>),
        (status = 400, description = "A missing field or an invalid e-mail.", body = kernel::ErrorBody),
        (status = 429, description = "Too many messages from this address.", body = kernel::ErrorBody),
    )
)]
#[post("/contact-us")]
pub async fn send(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<ContactRequest>,
) -> AppResult<HttpResponse> {
    ctx.rate_limits.check("contact", &req)?;
    let body = body.into_inner();
    let field = |v: Option<String>| v.unwrap_or_default().trim().to_owned();
    let message = Message {
        name: field(body.name),
        email: field(body.email),
        text: field(body.text),
    };
    kernel::validation::require_text(
        &[("name", &message.name), ("text", &message.text)],
        kernel::validation::REQUIRED_SHORT,
    )?;
    contact::send(&ctx, message).await?;
    Ok(HttpResponse::Created().json(Data {
        data: MessageResponse {
            message: THANK_YOU.into(),
        },
    }))
}
