//! Setting up webhooks: staff (admins) for the platform, a working group's owner for their
//! group.

use actix_web::{HttpResponse, delete, get, patch, post, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use crate::enums::EventKind;
use crate::policy::Scope;
use crate::service::endpoints::{self, Change, EventKindInfo, Webhook};

/// Whose webhooks: a working group's, or (without it) the platform's.
#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScopeQuery {
    /// The working group's id; leave it out for the platform's webhooks (admins).
    pub group_id: Option<i64>,
}

/// A scope's webhooks, and the events they may take.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookList {
    pub webhooks: Vec<Webhook>,
    /// The event kinds this scope's webhooks take, with what each means.
    pub kinds: Vec<EventKindInfo>,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct WebhookRequest {
    /// The working group whose events it receives; leave it out for the platform's.
    pub group_id: Option<i64>,
    /// Where deliveries are POSTed: `https://`, and a public address unless the operator
    /// allows its origin.
    #[schema(max_length = 2000)]
    pub url: String,
    /// At least one.
    #[serde(default)]
    #[validate(custom(function = "endpoints::some_event"))]
    #[schema(min_items = 1)]
    pub events: Vec<EventKind>,
}

/// A new webhook, with its signing secret: shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookCreated {
    /// Verify each delivery's `Cohort-Signature` with it. It is not shown again.
    pub secret: String,
    pub webhook: Webhook,
}

/// What to change; what is left out stays.
#[derive(Debug, Deserialize, ToSchema)]
pub struct WebhookChange {
    #[schema(max_length = 2000)]
    pub url: Option<String>,
    #[schema(min_items = 1)]
    pub events: Option<Vec<EventKind>>,
    /// `true` turns it back on (its failure count starts again); `false` pauses it and gives
    /// up its waiting deliveries.
    pub active: Option<bool>,
}

/// List webhooks
///
/// The platform's webhooks (admins), or a working group's (its owner) with `group_id`,
/// oldest first, and the event kinds they may take. Needs a session.
#[utoipa::path(
    operation_id = "listWebhooks",
    tag = "webhooks",
    security(("bearer" = [])),
    params(ScopeQuery),
    responses(
        (status = 200, description = "The webhooks.", body = Data<WebhookList>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot manage webhooks.", body = kernel::ErrorBody),
        (status = 404, description = "Not an admin, or not the group's owner.", body = kernel::ErrorBody),
    )
)]
#[get("/webhooks")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    query: web::Query<ScopeQuery>,
) -> AppResult<web::Json<Data<WebhookList>>> {
    let scope = Scope::of(query.group_id);
    Ok(Data::new(WebhookList {
        webhooks: endpoints::list(&ctx, &user, scope).await?,
        kinds: endpoints::kinds(scope),
    }))
}

/// Create a webhook
///
/// Subscribes an address to event kinds. The answer holds the signing secret, shown this
/// once. Audited.
#[utoipa::path(
    operation_id = "createWebhook",
    tag = "webhooks",
    security(("bearer" = [])),
    request_body = WebhookRequest,
    responses(
        (status = 201, description = "Created; copy the secret now.", body = Data<WebhookCreated>),
        (status = 400, description = "An address deliveries may not go to, no events, or an event a group's webhook cannot take.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot manage webhooks.", body = kernel::ErrorBody),
        (status = 404, description = "Not an admin, or not the group's owner.", body = kernel::ErrorBody),
        (status = 409, description = "The platform or the group has the most webhooks allowed.", body = kernel::ErrorBody),
    )
)]
#[post("/webhooks")]
pub async fn create(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<WebhookRequest>,
) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    let scope = Scope::of(body.group_id);
    let (secret, webhook) = endpoints::create(&ctx, &user, scope, &body.url, &body.events).await?;
    Ok(HttpResponse::Created().json(Data {
        data: WebhookCreated { secret, webhook },
    }))
}

/// Change a webhook
///
/// Its address, its events, or whether it is on. Turning it on again starts its failure
/// count afresh. Audited.
#[utoipa::path(
    operation_id = "updateWebhook",
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The webhook's id")),
    request_body = WebhookChange,
    responses(
        (status = 200, description = "Changed.", body = Data<Webhook>),
        (status = 400, description = "An address deliveries may not go to, or no events.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot manage webhooks.", body = kernel::ErrorBody),
        (status = 404, description = "No such webhook the caller manages.", body = kernel::ErrorBody),
    )
)]
#[patch("/webhooks/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<WebhookChange>,
) -> AppResult<web::Json<Data<Webhook>>> {
    let body = body.into_inner();
    let change = Change {
        url: body.url,
        events: body.events,
        active: body.active,
    };
    Ok(Data::new(
        endpoints::update(&ctx, &user, id.into_inner(), change).await?,
    ))
}

/// Delete a webhook
///
/// With its delivery log. Audited.
#[utoipa::path(
    operation_id = "deleteWebhook",
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The webhook's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": endpoints::DELETED}})),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot manage webhooks.", body = kernel::ErrorBody),
        (status = 404, description = "No such webhook the caller manages.", body = kernel::ErrorBody),
    )
)]
#[delete("/webhooks/{id}")]
pub async fn delete(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    endpoints::delete(&ctx, &user, id.into_inner()).await?;
    Ok(Data::new(MessageResponse {
        message: endpoints::DELETED.into(),
    }))
}
