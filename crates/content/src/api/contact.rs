use actix_web::{HttpRequest, HttpResponse, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Email, Given, Text};
use kernel::{AppContext, AppResult, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::service::contact::{self, Message, THANK_YOU};

/// The contact form (all required, a valid e-mail).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ContactRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<255>>)]
    pub name: Given<Text<255>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Email>)]
    pub email: Given<Email>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<10000>>)]
    pub text: Given<Text<10000>>,
}

impl ContactRequest {
    fn into_message(self) -> AppResult<Message> {
        Ok(Message {
            name: self.name.value()?.into_string(),
            email: self.email.value()?.into_string(),
            text: self.text.value()?.into_string(),
        })
    }
}

/// Contact the team
///
/// Sends a message to the platform's team (kept for staff, mailed to support). Protected by the
/// form challenge (`GET /api/captcha`) and a rate limit.
#[utoipa::path(
    operation_id = "contactUs",
    tag = "content",
    request_body = ContactRequest,
    responses(
        (status = 201, description = "Sent.", body = Data<MessageResponse>, example = json!({"data": {"message": THANK_YOU}})),
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
    ctx.rate_limits.check("contact", &req).await?;
    let message = body.into_inner().into_message()?;
    contact::send(&ctx, message).await?;
    Ok(HttpResponse::Created().json(Data {
        data: MessageResponse {
            message: THANK_YOU.into(),
        },
    }))
}
