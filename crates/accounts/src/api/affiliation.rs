use actix_web::{HttpRequest, post, put, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use super::forgot_password::TokenRequest;
use crate::service::affiliation::{self, Affiliation};

/// Spec §5: all three are required and valid.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct SetupUniversityEmailRequest {
    #[validate(length(min = 1, max = 255, message = "Required"))]
    #[schema(min_length = 1)]
    pub affiliation: String,
    #[validate(
        length(min = 1, message = "Required"),
        email(message = "Must be a valid email")
    )]
    #[schema(min_length = 1, format = Email)]
    pub university_affiliate_email: String,
    #[validate(
        length(min = 1, message = "Required"),
        custom(function = "kernel::links::web_url", message = "Enter a valid URL.")
    )]
    #[schema(min_length = 1)]
    pub university_profile_page_url: String,
}

/// Sets the university affiliation and mails a confirmation link to the university address.
#[utoipa::path(
    operation_id = "setupUniversityEmail",
    tag = "auth",
    request_body = SetupUniversityEmailRequest,
    responses(
        (status = 200, description = "Saved; check the university inbox.", body = Data<MessageResponse>),
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
    ctx.rate_limits.check("email", &req)?;
    let input = body.into_inner();
    let affiliation = Affiliation {
        affiliation: input.affiliation,
        university_affiliate_email: input.university_affiliate_email,
        university_profile_page_url: input.university_profile_page_url,
    };
    affiliation::set_up(&ctx, user.id, affiliation).await?;
    Ok(MessageResponse::data(affiliation::UPDATED))
}

/// Confirms the university e-mail from the mailed link (no sign-in needed).
#[utoipa::path(
    operation_id = "confirmUniversityEmail",
    tag = "auth",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Confirmed.", body = Data<MessageResponse>),
        (status = 400, description = "Invalid or expired token.", body = kernel::ErrorBody),
    )
)]
#[post("/me/confirm-university-email")]
pub async fn confirm_university_email(
    ctx: web::Data<AppContext>,
    body: ValidJson<TokenRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    affiliation::confirm(&ctx, &body.token).await?;
    Ok(MessageResponse::data(affiliation::CONFIRMED))
}
