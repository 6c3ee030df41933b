//! A member's personal API tokens, under Account. Managed with a session only: a token
//! cannot make, list or revoke tokens.

use actix_web::{HttpResponse, delete, get, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Long, Text};
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse, TokenScope};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::service::api_tokens::{self, ApiToken, NewToken};

/// The member's tokens, and the scopes they may give one.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiTokenList {
    pub tokens: Vec<ApiToken>,
    /// What the caller may give a new token: every scope but the staff ones, which only staff
    /// may.
    pub grantable: Vec<TokenScope>,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ApiTokenRequest {
    /// What the token is for; unique among the member's tokens.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<100, Long>>)]
    pub name: Given<Text<100, Long>>,
    /// At least one. A write scope includes reading its area; staff scopes are for staff.
    #[serde(default)]
    #[validate(custom(function = "api_tokens::some_scope"))]
    #[schema(min_items = 1)]
    pub scopes: Vec<TokenScope>,
    /// Days until it expires, 1 to 365.
    #[serde(default)]
    #[validate(custom(function = "api_tokens::lifetime"))]
    #[schema(minimum = 1, maximum = 365)]
    pub expires_in_days: i64,
}

/// A new token, with the token itself: shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiTokenCreated {
    /// Send it as `Authorization: Bearer <token>`. It is not shown again.
    pub token: String,
    pub api_token: ApiToken,
}

/// List your API tokens
///
/// The caller's personal API tokens, newest first, expired ones too until revoked. Needs a
/// session: an API token cannot list tokens.
#[utoipa::path(
    operation_id = "listApiTokens",
    tag = "tokens",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's tokens.", body = Data<ApiTokenList>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot list tokens.", body = kernel::ErrorBody),
    )
)]
#[get("/me/api-tokens")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<ApiTokenList>>> {
    Ok(Data::new(ApiTokenList {
        tokens: api_tokens::list(&ctx.db, user.id).await?,
        grantable: api_tokens::grantable(&user),
    }))
}

/// Create an API token
///
/// A token for scripts, acting for the caller within its scopes until it expires. The
/// answer holds the token itself, shown this once; only its hash is kept. Audited.
#[utoipa::path(
    operation_id = "createApiToken",
    tag = "tokens",
    security(("bearer" = [])),
    request_body = ApiTokenRequest,
    responses(
        (status = 201, description = "Created; copy the token now.", body = Data<ApiTokenCreated>),
        (status = 400, description = "No name or scope, a name in use, a staff scope for a member, or an expiry out of range.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot create tokens.", body = kernel::ErrorBody),
        (status = 409, description = "The caller holds the most tokens allowed.", body = kernel::ErrorBody),
    )
)]
#[post("/me/api-tokens")]
pub async fn create(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<ApiTokenRequest>,
) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    let name = body.name.value()?;
    let new = NewToken {
        name: &name,
        scopes: &body.scopes,
        expires_in_days: body.expires_in_days,
    };
    let (token, api_token) = api_tokens::create(&ctx, &user, &new).await?;
    Ok(HttpResponse::Created().json(Data {
        data: ApiTokenCreated { token, api_token },
    }))
}

/// Revoke an API token
///
/// Ends one of the caller's tokens at once. Audited.
#[utoipa::path(
    operation_id = "revokeApiToken",
    tag = "tokens",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The token's id")),
    responses(
        (status = 200, description = "Revoked.", body = Data<MessageResponse>, example = json!({"data": {"message": api_tokens::REVOKED}})),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot revoke tokens.", body = kernel::ErrorBody),
        (status = 404, description = "No such token of the caller's.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/api-tokens/{id}")]
pub async fn revoke(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    api_tokens::revoke(&ctx, &user, id.into_inner()).await?;
    Ok(Data::new(MessageResponse {
        message: api_tokens::REVOKED.into(),
    }))
}
