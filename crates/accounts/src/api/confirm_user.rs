use actix_web::{post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Text};
use kernel::{AppContext, AppResult, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::service::confirmation;

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ConfirmUserRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<128>>)]
    pub token: Given<Text<128>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmUserResponse {
    pub message: String,
    /// Bearer token: confirming signs the user in.
    pub access: String,
    /// Where the user was going when they signed up.
    pub redirect_to: Option<String>,
}

/// Confirm an e-mail address
///
/// Confirms the e-mail address from the mailed link, activating the account.
#[utoipa::path(
    operation_id = "confirmUser",
    tag = "auth",
    request_body = ConfirmUserRequest,
    responses(
        (status = 200, description = "Confirmed and signed in.", body = Data<ConfirmUserResponse>),
        (status = 400, description = "Invalid or expired confirmation code.", body = kernel::ErrorBody),
    )
)]
#[post("/confirm-user")]
pub async fn confirm_user(
    ctx: web::Data<AppContext>,
    body: ValidJson<ConfirmUserRequest>,
) -> AppResult<web::Json<Data<ConfirmUserResponse>>> {
    let confirmed = confirmation::confirm(&ctx.db, body.token.get()?).await?;
    Ok(Data::new(ConfirmUserResponse {
        message: confirmation::VERIFIED.to_owned(),
        access: confirmed.access,
        redirect_to: confirmed.redirect_to,
    }))
}
