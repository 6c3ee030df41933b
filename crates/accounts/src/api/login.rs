use actix_web::{HttpRequest, post, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::service;

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct LoginRequest {
    #[validate(length(min = 1, message = "Required"))]
    #[schema(min_length = 1)]
    pub email: String,
    #[validate(length(min = 1, message = "Required"))]
    #[schema(min_length = 1)]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LoginResponse {
    /// Bearer token for the `Authorization` header.
    pub access: String,
}

/// Signs in with e-mail and password and returns a session token.
#[utoipa::path(
    operation_id = "login",
    tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in.", body = Data<LoginResponse>),
        (status = 400, description = "Invalid credentials, or the e-mail is not confirmed.", body = kernel::ErrorBody),
        (status = 401, description = "The account is inactive.", body = kernel::ErrorBody),
        (status = 403, description = "Locked after repeated failures.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts.", body = kernel::ErrorBody),
    )
)]
#[post("/login")]
pub async fn login(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<LoginRequest>,
) -> AppResult<web::Json<Data<LoginResponse>>> {
    ctx.rate_limits.check("login", &req)?;
    let access = service::login::login(&ctx.db, &body.email, &body.password).await?;
    Ok(Data::new(LoginResponse { access }))
}
