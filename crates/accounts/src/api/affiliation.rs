use actix_web::{HttpRequest, post, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Email, Given, HttpUrl, Text};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use super::forgot_password::TokenRequest;
use crate::service::affiliation::{self, Affiliation};

/// All three are required and valid.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct SetupUniversityEmailRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<255>>)]
    pub affiliation: Given<Text<255>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Email>)]
    pub university_affiliate_email: Given<Email>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<HttpUrl>)]
    pub university_profile_page_url: Given<HttpUrl>,
}

/// Set the university affiliation
///
/// Sets the university affiliation and mails a confirmation link to the university address.
#[utoipa::path(
    operation_id = "setupUniversityEmail",
    tag = "auth",
    security(("bearer" = [])),
    request_body = SetupUniversityEmailRequest,
    responses(
        (status = 200, description = "Saved; check the university inbox.", body = Data<MessageResponse>, example = json!({"data": {"message": affiliation::UPDATED}})),
        (status = 400, description = "Invalid input.", body = kernel::ErrorBody),
    )
)]
#[put("/me/setup-university-email")]
pub async fn setup_university_email(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    req: HttpRequest,
    body: ValidJson<SetupUniversityEmailRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    ctx.rate_limits.check("email", &req).await?;
    let input = body.into_inner();
    let affiliation = Affiliation {
        affiliation: input.affiliation.value()?.into_string(),
        university_affiliate_email: input.university_affiliate_email.value()?.into_string(),
        university_profile_page_url: input.university_profile_page_url.value()?.into_string(),
    };
    affiliation::set_up(&ctx, user.id, affiliation).await?;
    Ok(MessageResponse::data(affiliation::UPDATED))
}

/// Confirm a university e-mail
///
/// Confirms the university e-mail from the mailed link (no sign-in needed). Staff then review the
/// affiliation.
#[utoipa::path(
    operation_id = "confirmUniversityEmail",
    tag = "auth",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Confirmed.", body = Data<MessageResponse>, example = json!({"data": {"message": affiliation::CONFIRMED}})),
        (status = 400, description = "Invalid or expired token.", body = kernel::ErrorBody),
    )
)]
#[post("/me/confirm-university-email")]
pub async fn confirm_university_email(
    ctx: web::Data<AppContext>,
    body: ValidJson<TokenRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    affiliation::confirm(&ctx, body.token.get()?).await?;
    Ok(MessageResponse::data(affiliation::CONFIRMED))
}
