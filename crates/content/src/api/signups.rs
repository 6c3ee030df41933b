use actix_web::{HttpRequest, HttpResponse, post, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::service::signups::{self, Signup, THANK_YOU};

/// The sign-up-for-updates form (spec 2 §5).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct SignupRequest {
    #[validate(
        required(message = "Required"),
        length(min = 1, max = 255, message = "Required")
    )]
    pub full_name: Option<String>,
    #[validate(
        required(message = "Required"),
        length(min = 1, max = 254, message = "Required"),
        email(message = "Must be a valid email")
    )]
    pub email: Option<String>,
    #[validate(
        required(message = "Required"),
        length(min = 1, max = 5000, message = "Required")
    )]
    pub message: Option<String>,
    /// The consent shown pre-checked on the form.
    pub consent: Option<bool>,
}

/// Signs someone up for news of the platform.
#[utoipa::path(
    operation_id = "signUpForUpdates",
    tag = "content",
    request_body = SignupRequest,
    responses(
        (status = 201, description = "Signed up.", body = Data<MessageResponse>),
        (status = 400, description = "A missing field or an invalid e-mail.", body = kernel::ErrorBody),
        (status = 429, description = "Too many sign-ups from this address.", body = kernel::ErrorBody),
    )
)]
#[post("/updates-signup")]
pub async fn add(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<SignupRequest>,
) -> AppResult<HttpResponse> {
    ctx.rate_limits.check("updates_signup", &req)?;
    let body = body.into_inner();
    let field = |v: Option<String>| v.unwrap_or_default().trim().to_owned();
    let signup = Signup {
        full_name: field(body.full_name),
        email: field(body.email),
        message: field(body.message),
        consent: body.consent.unwrap_or(true),
    };
    kernel::validation::require_text(
        &[
            ("full_name", &signup.full_name),
            ("message", &signup.message),
        ],
        kernel::validation::REQUIRED_SHORT,
    )?;
    signups::add(&ctx.db, signup).await?;
    Ok(HttpResponse::Created().json(Data {
        data: MessageResponse {
            message: THANK_YOU.into(),
        },
    }))
}
