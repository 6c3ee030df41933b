use actix_web::{HttpRequest, delete, get, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Text};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use super::user_agent;
use crate::service::oauth;
use crate::service::orcid;
use crate::service::providers::Provider;

/// Which single sign-on buttons to show.
#[derive(Debug, Serialize, ToSchema)]
pub struct OAuthProviders {
    pub google: bool,
    pub facebook: bool,
    /// ORCID: signs in an account it is connected to, and connects to a signed-in one.
    pub orcid: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct StartQuery {
    /// Where to go after signing in (a path on this site).
    pub redirect_to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OAuthStart {
    /// Send the browser here.
    pub authorize_url: String,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct OAuthCallbackRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<2048>>)]
    pub code: Given<Text<2048>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<256>>)]
    pub state: Given<Text<256>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OAuthSignedIn {
    pub access: String,
    pub redirect_to: Option<String>,
}

/// Sign-in providers
///
/// The single sign-on providers that are switched on.
#[utoipa::path(
    operation_id = "oauthProviders",
    tag = "auth",
    responses((status = 200, description = "Enabled providers.", body = Data<OAuthProviders>))
)]
#[get("/oauth/providers")]
pub async fn providers(ctx: web::Data<AppContext>) -> web::Json<Data<OAuthProviders>> {
    Data::new(OAuthProviders {
        google: Provider::Google.settings(&ctx).is_some(),
        facebook: Provider::Facebook.settings(&ctx).is_some(),
        orcid: Provider::Orcid.settings(&ctx).is_some(),
    })
}

/// Start single sign-on
///
/// Starts single sign-on: returns the provider's authorisation address (with state and PKCE).
/// Signed in, it connects the provider to the current account.
#[utoipa::path(
    operation_id = "oauthStart",
    tag = "auth",
    security((), ("bearer" = [])),
    params(("provider" = inline(Provider), Path, description = "google, facebook or orcid"), StartQuery),
    responses(
        (status = 200, description = "Where to send the browser.", body = Data<OAuthStart>),
        (status = 404, description = "Provider unknown or not configured.", body = kernel::ErrorBody),
    )
)]
#[get("/oauth/{provider}/start")]
pub async fn start(
    ctx: web::Data<AppContext>,
    path: web::Path<Provider>,
    query: web::Query<StartQuery>,
    user: Option<CurrentUser>,
) -> AppResult<web::Json<Data<OAuthStart>>> {
    let provider = path.into_inner();
    let redirect_to = query.into_inner().redirect_to;
    let authorize_url = oauth::start(&ctx, provider, redirect_to, user.map(|u| u.id)).await?;
    Ok(Data::new(OAuthStart { authorize_url }))
}

/// Complete single sign-on
///
/// Completes single sign-on with the provider's code: signs in, links by verified e-mail, or
/// creates the account. ORCID, which gives no e-mail address, signs in the account connected
/// to the iD, or connects the iD to the account that started it signed in.
#[utoipa::path(
    operation_id = "oauthCallback",
    tag = "auth",
    params(("provider" = inline(Provider), Path, description = "google, facebook or orcid")),
    request_body = OAuthCallbackRequest,
    responses(
        (status = 200, description = "Signed in.", body = Data<OAuthSignedIn>),
        (status = 400, description = "The provider refused, the state is unknown, expired or reused, or no account is connected to this ORCID iD.", body = kernel::ErrorBody),
        (status = 404, description = "Provider unknown or not configured.", body = kernel::ErrorBody),
    )
)]
#[post("/oauth/{provider}/")]
pub async fn callback(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    path: web::Path<Provider>,
    body: ValidJson<OAuthCallbackRequest>,
) -> AppResult<web::Json<Data<OAuthSignedIn>>> {
    let provider = path.into_inner();
    let signed_in = oauth::finish(
        &ctx,
        provider,
        body.code.get()?,
        body.state.get()?,
        user_agent::of(&req),
    )
    .await?;
    Ok(Data::new(OAuthSignedIn {
        access: signed_in.access,
        redirect_to: signed_in.redirect_to,
    }))
}

/// Disconnect a sign-in provider
///
/// Disconnects a provider from the account and signs out every session.
#[utoipa::path(
    operation_id = "disconnectOauth",
    tag = "auth",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The association's id from /me")),
    responses(
        (status = 200, description = "Disconnected.", body = Data<MessageResponse>, example = json!({"data": {"message": oauth::SSO_UPDATED}})),
        (status = 400, description = "It is the only way to sign in.", body = kernel::ErrorBody),
        (status = 404, description = "No such link on this account.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/disconnect-oauth/{id}")]
pub async fn disconnect(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    oauth::disconnect(&ctx, user.id, path.into_inner()).await?;
    Ok(MessageResponse::data(oauth::SSO_UPDATED))
}

/// Import from ORCID
///
/// Copies the name, current affiliation and role that the member's connected ORCID record
/// gave at their last ORCID sign-in into their profile; what the record leaves out stays.
#[utoipa::path(
    operation_id = "importFromOrcid",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Imported.", body = Data<MessageResponse>, example = json!({"data": {"message": orcid::IMPORTED}})),
        (status = 400, description = "No ORCID iD is connected.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[post("/me/orcid/import")]
pub async fn import_orcid(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    orcid::import(&ctx, user.id).await?;
    Ok(MessageResponse::data(orcid::IMPORTED))
}
