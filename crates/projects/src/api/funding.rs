//! Final approval and the money after it: a Content Expert's queue of projects whose
//! pledges reached the goal, one project's funding file (its reviews, its ledger and the
//! owner's payout account) and the decision; the owner's payout account and refund; a
//! donor's new card for a failed charge.

use actix_web::{HttpResponse, get, post, put, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Given, Reason};
use kernel::users::UserSummary;
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::pledges::{CardSetup, MyPledge};
use super::staff_projects::owned_rows;
use crate::entity::ledger;
use crate::enums::{LedgerAccount, LedgerKind, PledgeStatus};
use crate::read::views::{ReviewSummary, StaffProjectRow};
use crate::service::ledger::Totals;
use crate::service::reconciliation::{self, Report};
use crate::service::{
    card_update, dynamic_review, final_approval, ledger as ledger_service, payout_accounts, refunds,
};

/// One entry of a project's funding ledger.
#[derive(Debug, Serialize, ToSchema)]
pub struct LedgerEntry {
    pub id: i64,
    pub kind: LedgerKind,
    pub pledge_id: Option<i64>,
    /// Cents; what the entry adds to its total (negative takes away).
    pub amount_cents: i64,
    pub currency: String,
    /// The processor's id for the movement (a charge, a refund, a payout).
    pub provider_ref: Option<String>,
    pub idempotency_key: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<ledger::Model> for LedgerEntry {
    fn from(e: ledger::Model) -> Self {
        Self {
            id: e.id,
            kind: e.kind,
            pledge_id: e.pledge_id,
            amount_cents: e.amount_cents,
            currency: e.currency,
            provider_ref: e.provider_ref,
            idempotency_key: e.idempotency_key,
            created_at: e.created_at,
        }
    }
}

/// What a Content Expert decides on: the project, its reviews, its ledger and totals, and
/// whether its owner's payout account is ready.
#[derive(Debug, Serialize, ToSchema)]
pub struct FundingFile {
    pub project: StaffProjectRow,
    pub reviews: ReviewSummary,
    pub totals: Totals,
    /// Oldest first.
    pub ledger: Vec<LedgerEntry>,
    /// The project's books in double entry: each account that holds something, with the sum
    /// of its postings (they sum to zero), in the order the money flows.
    pub accounts: Vec<AccountBalance>,
    /// Every pledge, oldest first, with where its charge stands.
    pub pledges: Vec<FilePledge>,
    /// The owner's payout account is verified by the processor (approval needs it).
    pub payout_account_verified: bool,
    /// The caller, a Content Expert, may approve or not now (the pledges reached the goal).
    pub can_decide: bool,
    /// Why the caller cannot decide a file that waits for its decision (they are no Content
    /// Expert); absent otherwise.
    pub cannot_decide: Option<String>,
}

/// One account of a project's books and its balance.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountBalance {
    pub account: LedgerAccount,
    /// Cents of CAD: what the account received less what it gave.
    pub balance_cents: i64,
}

/// One pledge as the funding file shows it to staff: where its charge stands, and for a
/// failed charge why and until when its donor may give a new card.
#[derive(Debug, Serialize, ToSchema)]
pub struct FilePledge {
    pub id: i64,
    pub backer: Option<UserSummary>,
    /// Cents of CAD.
    pub amount_cents: i64,
    pub status: PledgeStatus,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    /// Why its last charge failed, as the processor named it (`card_declined`, …).
    pub failure_code: Option<String>,
    /// A failed charge: its donor may give a new card until then, or the pledge lapses.
    pub update_card_by: Option<DateTime<Utc>>,
    /// New cards given after a failed charge (each is charged under a new key).
    pub charge_attempt: i32,
    pub created_at: DateTime<Utc>,
}

/// Funding approvals
///
/// Projects whose pledges reached the goal, waiting for a Content Expert, the longest waiting
/// first.
#[utoipa::path(
    operation_id = "staffFundingApprovals",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of projects waiting for final approval.", body = Page<StaffProjectRow>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/funding-approvals")]
pub async fn queue(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffProjectRow>>> {
    let Page { data, pagination } = final_approval::queue(&ctx.db, &params).await?;
    let data = owned_rows(&ctx, data).await?;
    Ok(web::Json(Page { data, pagination }))
}

/// Funding file
///
/// One public project's funding file, for staff (Content Experts decide on it).
#[utoipa::path(
    operation_id = "staffFundingFile",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "The project's funding file.", body = Data<FundingFile>),
        (status = 404, description = "Not staff, or no such public project.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/projects/{id}/funding")]
pub async fn file(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<FundingFile>>> {
    Ok(Data::new(funding_file(&ctx, &staff, *path).await?))
}

async fn funding_file(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<FundingFile> {
    let found = final_approval::find(ctx, id).await?;
    let entries = ledger_service::entries(&ctx.db, found.id).await?;
    let accounts = ledger_service::balances(&ctx.db, found.id).await?;
    let reviews = dynamic_review::tally(&ctx.db, found.id, None).await?;
    let payout = payout_accounts::status(ctx, found.owner_id).await?;
    let pledges = final_approval::pledges(&ctx.db, found.id).await?;
    let backers: Vec<i64> = pledges.iter().map(|p| p.backer_id).collect();
    let people = ctx.users.summaries(&backers).await?;
    let waiting = crate::policy::awaits_final_approval(found.funding_state);
    let expert = crate::policy::may_decide_funding(&staff.0);
    let can_decide = waiting && expert;
    let cannot_decide =
        (waiting && !expert).then(|| final_approval::CONTENT_EXPERTS_ONLY.to_owned());
    let project = owned_rows(ctx, vec![found]).await?.remove(0);
    Ok(FundingFile {
        project,
        reviews: reviews.into(),
        totals: Totals::of(&entries),
        ledger: entries.into_iter().map(LedgerEntry::from).collect(),
        accounts: accounts
            .into_iter()
            .map(|(account, balance_cents)| AccountBalance {
                account,
                balance_cents,
            })
            .collect(),
        pledges: pledges
            .into_iter()
            .map(|p| FilePledge {
                backer: people.get(&p.backer_id).cloned(),
                update_card_by: p.grace_until.filter(|_| p.status == PledgeStatus::Failed),
                id: p.id,
                amount_cents: p.amount_cents,
                status: p.status,
                card_brand: p.card_brand,
                card_last4: p.card_last4,
                failure_code: p.failure_code,
                charge_attempt: p.charge_attempt,
                created_at: p.created_at,
            })
            .collect(),
        payout_account_verified: payout.verified,
        can_decide,
        cannot_decide,
    })
}

/// Export a funding ledger
///
/// One project's funding ledger as a CSV file (staff).
#[utoipa::path(
    operation_id = "staffExportFundingLedger",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "The ledger as CSV, oldest entry first.", content_type = "text/csv", body = String),
        (status = 404, description = "Not staff, or no such public project.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/projects/{id}/funding.csv")]
pub async fn ledger_csv(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    path: web::Path<i64>,
) -> AppResult<HttpResponse> {
    let found = final_approval::find(&ctx, *path).await?;
    let entries = ledger_service::entries(&ctx.db, found.id).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}-ledger.csv\"", found.slug),
        ))
        .body(ledger_service::csv(&entries)))
}

/// Funding reconciliation
///
/// Three ways: the processor's charges and payouts against the ledger (both ways), and each
/// project's totals shown against its ledger and its standing pledges; every difference with
/// what to do.
#[utoipa::path(
    operation_id = "staffFundingReconciliation",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    responses(
        (status = 200, description = "The report.", body = Data<Report>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/funding-reconciliation")]
pub async fn reconcile(
    ctx: web::Data<AppContext>,
    _staff: Staff,
) -> AppResult<web::Json<Data<Report>>> {
    Ok(Data::new(reconciliation::report(&ctx).await?))
}

kernel::string_enum!(
    /// A Content Expert's decision on a project's funding.
    FundingVerdict {
        Approve = "approve",
        Reject = "reject",
    }
);

/// The decision; not approving says why (the owner and backers read it).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct FundingDecision {
    pub verdict: FundingVerdict,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Reason>)]
    pub reason: Option<Given<Reason>>,
}

/// Decide on funding
///
/// A Content Expert approves a project's funding (each pledge is then charged and the funds paid
/// out) or does not, with a reason (every pledge is let go); audited.
#[utoipa::path(
    operation_id = "staffDecideFunding",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body = FundingDecision,
    responses(
        (status = 200, description = "Decided.", body = Data<FundingFile>),
        (status = 400, description = "Not waiting for final approval, no verified payout account, or no reason.", body = kernel::ErrorBody),
        (status = 403, description = "Not a Content Expert.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such public project.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/projects/{id}/funding")]
pub async fn decide(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<FundingDecision>,
) -> AppResult<web::Json<Data<FundingFile>>> {
    let FundingDecision { verdict, reason } = body.into_inner();
    match verdict {
        FundingVerdict::Approve => final_approval::approve(&ctx, &staff, *path).await?,
        FundingVerdict::Reject => {
            let reason = super::staff_projects::reason_given(reason)?;
            final_approval::reject(&ctx, &staff, *path, reason).await?;
        }
    }
    Ok(Data::new(funding_file(&ctx, &staff, *path).await?))
}

/// The caller's payout account: where a funded project's money goes.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutAccountView {
    /// Registered with the processor (onboarding started).
    pub registered: bool,
    /// The processor verified it: funds may be paid out to it.
    pub verified: bool,
}

/// My payout account
///
/// The caller's payout account. Its state at the processor; 503 when no payment processor is
/// configured.
#[utoipa::path(
    operation_id = "getMyPayoutAccount",
    tag = "projects",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's payout account.", body = Data<PayoutAccountView>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[get("/me/payout-account")]
pub async fn payout_account(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<PayoutAccountView>>> {
    let status = payout_accounts::status(&ctx, user.id).await?;
    Ok(Data::new(PayoutAccountView {
        registered: status.account_id.is_some(),
        verified: status.verified,
    }))
}

/// Where the processor's onboarding continues.
#[derive(Debug, Serialize, ToSchema)]
pub struct Onboarding {
    /// The processor's onboarding page (the test processor's form within Cohort).
    pub url: String,
}

/// Start payout onboarding
///
/// Registers the caller's payout account with the processor (once) and answers where its onboarding
/// continues: the institution's details go to the processor, not to Cohort.
#[utoipa::path(
    operation_id = "startPayoutOnboarding",
    tag = "projects",
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Where to continue.", body = Data<Onboarding>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[post("/me/payout-account/onboarding")]
pub async fn onboarding(ctx: web::Data<AppContext>, user: CurrentUser) -> AppResult<HttpResponse> {
    let back = format!(
        "{}/my-projects",
        ctx.config.public_url.trim_end_matches('/')
    );
    let url = payout_accounts::onboarding(&ctx, &user, &back).await?;
    Ok(HttpResponse::Created().json(Data::new(Onboarding { url })))
}

/// Refund my project
///
/// The owner refunds every pledge of their project (anything charged goes back to the cards): the
/// contract is void and the project closes.
#[utoipa::path(
    operation_id = "refundMyProject",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "Refunded.", body = Data<MessageResponse>, example = json!({"data": {"message": REFUNDED}})),
        (status = 400, description = "Nothing to refund.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{id}/refund")]
pub async fn refund(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    refunds::refund_all(&ctx, &user, *path).await?;
    Ok(MessageResponse::data(REFUNDED))
}

pub const REFUNDED: &str = "Every pledge is refunded and the contract is void.";

/// Start replacing a pledge's card
///
/// Starts saving a new card for one of the caller's pledges whose charge failed. Answers the
/// processor's setup for the card form; `PUT …/card` then uses it.
#[utoipa::path(
    operation_id = "startPledgeCardUpdate",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The pledge's id")),
    responses(
        (status = 201, description = "A card setup to confirm in the browser.", body = Data<CardSetup>),
        (status = 400, description = "The pledge does not need a new card.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's pledge.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[post("/me/pledges/{id}/card-setups")]
pub async fn start_card_update(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<HttpResponse> {
    super::pledges::limited(&ctx, &user).await?;
    let (processor, setup) = card_update::start(&ctx, &user, *path).await?;
    Ok(HttpResponse::Created().json(Data::new(CardSetup::of(processor, setup))))
}

/// The new card, saved by the browser.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct CardUpdate {
    #[validate(length(min = 1, max = 64))]
    pub setup_id: String,
}

/// Replace a pledge's card
///
/// Puts the new card on a pledge whose charge failed, and charges it at once. A charge that
/// waited for the donor's bank is cancelled first; when the bank had already collected it,
/// that charge is recorded and the new card is not used.
#[utoipa::path(
    operation_id = "updatePledgeCard",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The pledge's id")),
    request_body = CardUpdate,
    responses(
        (status = 200, description = "The pledge, charged (on the new card, or on the one its bank confirmed) or failed again.", body = Data<MyPledge>),
        (status = 400, description = "No saved card, or the pledge does not need one.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's pledge.", body = kernel::ErrorBody),
        (status = 503, description = "The payment processor is unavailable.", body = kernel::ErrorBody),
    )
)]
#[put("/me/pledges/{id}/card")]
pub async fn update_card(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<CardUpdate>,
) -> AppResult<web::Json<Data<MyPledge>>> {
    super::pledges::limited(&ctx, &user).await?;
    let updated = card_update::update(&ctx, &user, *path, &body.setup_id).await?;
    Ok(Data::new(super::pledges::shown(&ctx, updated).await?))
}
