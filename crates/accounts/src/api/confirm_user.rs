use actix_web::{HttpRequest, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Password, given_text};
use kernel::{AppContext, AppResult, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::user_agent;
use crate::service::confirmation;

/// `token` is the code from the mailed link. A link without one is answered like a wrong
/// one ("Invalid or expired confirmation code."), as the spec words it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ConfirmUserRequest {
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Password<128>>)]
    pub token: Option<Given<Password<128>>>,
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
    req: HttpRequest,
    body: ValidJson<ConfirmUserRequest>,
) -> AppResult<web::Json<Data<ConfirmUserResponse>>> {
    // No code matches no token: the same answer as a wrong one.
    let token = given_text(body.into_inner().token)?.unwrap_or_default();
    let confirmed = confirmation::confirm(&ctx.db, &token, user_agent::of(&req)).await?;
    Ok(Data::new(ConfirmUserResponse {
        message: confirmation::VERIFIED.to_owned(),
        access: confirmed.access,
        redirect_to: confirmed.redirect_to,
    }))
}
