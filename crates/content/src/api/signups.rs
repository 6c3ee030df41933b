use actix_web::{HttpRequest, HttpResponse, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Email, Given, Text};
use kernel::{AppContext, AppResult, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::service::signups::{self, Signup, THANK_YOU};

/// The sign-up-for-updates form.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct SignupRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<255>>)]
    pub full_name: Given<Text<255>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Email>)]
    pub email: Given<Email>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<5000>>)]
    pub message: Given<Text<5000>>,
    /// The consent shown pre-checked on the form.
    pub consent: Option<bool>,
}

impl SignupRequest {
    fn into_signup(self) -> AppResult<Signup> {
        Ok(Signup {
            full_name: self.full_name.value()?.into_string(),
            email: self.email.value()?.into_string(),
            message: self.message.value()?.into_string(),
            consent: self.consent.unwrap_or(true),
        })
    }
}

/// Sign up for updates
///
/// Signs someone up for news of the platform. Protected by the form challenge (`GET /api/captcha`)
/// and a rate limit.
#[utoipa::path(
    operation_id = "signUpForUpdates",
    tag = "content",
    request_body = SignupRequest,
    responses(
        (status = 201, description = "Signed up.", body = Data<MessageResponse>, example = json!({"data": {"message": THANK_YOU}})),
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
    ctx.rate_limits.check("updates_signup", &req).await?;
    let signup = body.into_inner().into_signup()?;
    signups::add(&ctx.db, signup).await?;
    Ok(HttpResponse::Created().json(Data {
        data: MessageResponse {
            message: THANK_YOU.into(),
        },
    }))
}
