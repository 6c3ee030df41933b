//! Pledging: a card saved with the processor, a pledge to a live project, and the backer's
//! own pledges (changed or cancelled until the goal is reached).

use actix_web::{HttpResponse, delete, get, patch, post, web};
use chrono::{DateTime, Utc};
use kernel::config::Payments;
use kernel::extract::ValidJson;
use kernel::input::Given;
use kernel::payments::{ProcessorKind, Setup};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data};
use sea_orm::EntityTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::entity::{pledge, project};
use crate::enums::{FundingState, PledgeStatus};
use crate::service::pledging::{self, Message, NewPledge};

/// A card being saved with the processor: the browser confirms it with the secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct CardSetup {
    pub processor: ProcessorKind,
    pub setup_id: String,
    /// The browser confirms the setup with it (never stored by Cohort).
    pub client_secret: String,
}

/// How the browser takes a card: the test processor's own card form, or Stripe.js loaded
/// from `js_url` with the publishable key. Card numbers never reach Cohort's server.
#[derive(Debug, Serialize, ToSchema)]
pub struct CardEntry {
    pub processor: ProcessorKind,
    /// With Stripe: the publishable key Stripe.js is started with.
    pub publishable_key: Option<String>,
    /// With Stripe: where Stripe.js loads from (`COHORT_STRIPE_JS_URL`).
    pub js_url: Option<String>,
}

/// Card entry settings
///
/// How cards are entered on this platform (public: the publishable key is meant for browsers).
#[utoipa::path(
    operation_id = "getCardEntry",
    tag = "payments",
    responses((status = 200, description = "The processor and, with Stripe, Stripe.js's address and key.", body = Data<CardEntry>))
)]
#[get("/payments/card-entry")]
pub async fn card_entry(ctx: web::Data<AppContext>) -> HttpResponse {
    let entry = match &ctx.config.payments {
        Payments::Stripe(keys) => CardEntry {
            processor: ProcessorKind::Stripe,
            publishable_key: Some(keys.publishable_key.clone()),
            js_url: Some(keys.js_url.clone()),
        },
        Payments::Test => CardEntry {
            processor: ProcessorKind::Test,
            publishable_key: None,
            js_url: None,
        },
    };
    HttpResponse::Ok().json(Data::new(entry))
}

/// Start a pledge's card
///
/// Starts saving a card for a pledge to the project (signed-in members other than its owner, while
/// it takes pledges).
#[utoipa::path(
    operation_id = "startPledgeCard",
    tag = "projects",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The project's address")),
    responses(
        (status = 201, description = "A card setup to confirm in the browser.", body = Data<CardSetup>),
        (status = 400, description = "The project is not taking pledges.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "The caller's own project.", body = kernel::ErrorBody),
        (status = 404, description = "No such public project.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts; try again in a minute.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[post("/projects/{slug}/card-setups")]
pub async fn start_card(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    limited(&ctx, &user).await?;
    let (processor, setup) = pledging::start_card(&ctx, &user, &path).await?;
    Ok(HttpResponse::Created().json(Data::new(CardSetup::of(processor, setup))))
}

impl CardSetup {
    pub(super) fn of(processor: ProcessorKind, setup: Setup) -> Self {
        Self {
            processor,
            setup_id: setup.id,
            client_secret: setup.client_secret,
        }
    }
}

/// Pledging is rate limited per member (card setups and pledges share the quota).
pub(super) async fn limited(ctx: &AppContext, user: &CurrentUser) -> AppResult<()> {
    ctx.rate_limits
        .check_account("pledge", &format!("member-{}", user.id))
        .await
}

/// A pledge: the amount in whole cents of CAD, the saved card, and the declaration.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct PledgeRequest {
    /// The card setup the browser confirmed.
    #[validate(length(min = 1, max = 64))]
    pub setup_id: String,
    /// Whole cents of CAD, within the platform's bounds.
    pub amount_cents: i64,
    /// An optional word to the project (plain text, at most 500 characters).
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Message>)]
    pub message: Option<Given<Message>>,
    /// Left off the public profile's backed projects.
    #[serde(default)]
    pub anonymous: bool,
    /// The member declares they are 18 or older.
    pub adult: bool,
}

/// The amount alone, when a backer changes their pledge.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct PledgeChange {
    /// Whole cents of CAD, within the platform's bounds.
    pub amount_cents: i64,
}

/// A project as a pledge names it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PledgedProject {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

/// One of the caller's pledges.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyPledge {
    pub id: i64,
    pub project: PledgedProject,
    /// Cents of CAD.
    pub amount_cents: i64,
    pub status: PledgeStatus,
    /// Promised and not yet charged, cancelled or let go: the viewer's pledge on the
    /// project's page.
    pub is_pledged: bool,
    /// It was charged (and not refunded).
    pub is_charged: bool,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    pub message: Option<String>,
    pub anonymous: bool,
    /// The pledge can no longer change: the project reached its goal (or its campaign ended).
    pub locked: bool,
    /// Why its charge failed, as the processor named it (`card_declined`, …).
    pub failure_code: Option<String>,
    /// The charge failed: a new card is needed by then (set while one may be given).
    pub update_card_by: Option<DateTime<Utc>>,
    /// The donor's bank wants the charge authenticated: the donor confirms the payment
    /// (`startPledgeAuthentication`) by `update_card_by`, or gives a new card.
    pub needs_authentication: bool,
    /// It was charged: its receipt is at `/me/pledges/{id}/receipt.pdf`.
    pub has_receipt: bool,
    pub created_at: DateTime<Utc>,
}

impl MyPledge {
    fn of(p: pledge::Model, project: &project::Model) -> Self {
        Self {
            locked: !(p.status == PledgeStatus::Pledged
                && crate::policy::campaign_open(project.status)
                && project.funding_state == FundingState::Open),
            update_card_by: p.grace_until.filter(|_| {
                crate::policy::may_update_card(p.status, p.grace_until, kernel::clock::now())
            }),
            needs_authentication: crate::policy::may_authenticate(
                p.status,
                p.failure_code.as_deref(),
                p.grace_until,
                kernel::clock::now(),
            ),
            failure_code: p.failure_code.clone(),
            has_receipt: p.charge_id.is_some(),
            is_pledged: p.status == PledgeStatus::Pledged,
            is_charged: p.status == PledgeStatus::Charged,
            project: PledgedProject {
                id: project.id,
                slug: project.slug.clone(),
                title: project.title.clone(),
            },
            id: p.id,
            amount_cents: p.amount_cents,
            status: p.status,
            card_brand: p.card_brand,
            card_last4: p.card_last4,
            message: p.message,
            anonymous: p.anonymous,
            created_at: p.created_at,
        }
    }
}

pub(super) async fn shown(ctx: &AppContext, p: pledge::Model) -> AppResult<MyPledge> {
    let project = project::Entity::find_by_id(p.project_id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    Ok(MyPledge::of(p, &project))
}

/// Pledge to a project
///
/// Pledges to a live project with a saved card. Nothing is charged now: only if the pledges reach
/// the goal and a Content Expert approves.
#[utoipa::path(
    operation_id = "pledgeToProject",
    tag = "projects",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The project's address")),
    request_body = PledgeRequest,
    responses(
        (status = 201, description = "Pledged.", body = Data<MyPledge>),
        (status = 400, description = "An amount out of bounds, no declaration, no saved card, already backing, or the project is not taking pledges.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "The caller's own project.", body = kernel::ErrorBody),
        (status = 404, description = "No such public project.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts; try again in a minute.", body = kernel::ErrorBody),
    )
)]
#[post("/projects/{slug}/pledges")]
pub async fn make(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
    body: ValidJson<PledgeRequest>,
) -> AppResult<HttpResponse> {
    limited(&ctx, &user).await?;
    let body = body.into_inner();
    let message = kernel::input::given(body.message)?;
    let new = NewPledge {
        setup_id: body.setup_id,
        amount_cents: body.amount_cents,
        message,
        anonymous: body.anonymous,
        adult: body.adult,
    };
    let made = pledging::pledge(&ctx, &user, &path, new).await?;
    Ok(HttpResponse::Created().json(Data::new(shown(&ctx, made).await?)))
}

/// My pledges
///
/// The caller's pledges, newest first.
#[utoipa::path(
    operation_id = "listMyPledges",
    tag = "projects",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's pledges.", body = Data<Vec<MyPledge>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/pledges")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<Vec<MyPledge>>>> {
    let pledges = pledging::mine(&ctx.db, &user).await?;
    Ok(Data::new(
        pledges
            .into_iter()
            .map(|(p, project)| MyPledge::of(p, &project))
            .collect(),
    ))
}

/// Change a pledge
///
/// Changes the amount of one of the caller's pledges, until the project reaches its goal.
#[utoipa::path(
    operation_id = "changeMyPledge",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The pledge's id")),
    request_body = PledgeChange,
    responses(
        (status = 200, description = "Changed.", body = Data<MyPledge>),
        (status = 400, description = "An amount out of bounds, or the pledge is locked.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's standing pledge.", body = kernel::ErrorBody),
    )
)]
#[patch("/me/pledges/{id}")]
pub async fn change(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<PledgeChange>,
) -> AppResult<web::Json<Data<MyPledge>>> {
    let changed = pledging::change(&ctx, &user, *path, body.amount_cents).await?;
    Ok(Data::new(shown(&ctx, changed).await?))
}

/// Cancel a pledge
///
/// Cancels one of the caller's pledges, until the project reaches its goal.
#[utoipa::path(
    operation_id = "cancelMyPledge",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The pledge's id")),
    responses(
        (status = 200, description = "Cancelled.", body = Data<MyPledge>),
        (status = 400, description = "The pledge is locked.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's standing pledge.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/pledges/{id}")]
pub async fn cancel(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MyPledge>>> {
    let cancelled = pledging::cancel(&ctx, &user, *path).await?;
    Ok(Data::new(shown(&ctx, cancelled).await?))
}

/// Download a receipt
///
/// The receipt of one of the caller's charged pledges, as a PDF.
#[utoipa::path(
    operation_id = "downloadPledgeReceipt",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The pledge's id")),
    responses(
        (status = 200, description = "The receipt.", content_type = "application/pdf", body = String),
        (status = 400, description = "The pledge was not charged.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's pledge.", body = kernel::ErrorBody),
    )
)]
#[get("/me/pledges/{id}/receipt.pdf")]
pub async fn receipt(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<HttpResponse> {
    let receipt = crate::service::receipts::of(&ctx, &user, *path).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", receipt.filename),
        ))
        .body(receipt.pdf))
}
