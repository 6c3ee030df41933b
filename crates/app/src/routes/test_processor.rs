//! The built-in test processor's card form endpoint: where the browser hands a test card to
//! the processor, as it would to Stripe with Stripe.js. Only the brand and the last four
//! digits are kept; the number goes no further. 404 while another processor is configured.

use actix_web::{post, web};
use kernel::payments::SavedMethod;
use kernel::{AppContext, AppError, AppResult, Data};
use payments::test_processor::{BankDetails, CardInput, TestProcessor};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

/// The built-in test processor; 404 while another processor takes payments.
fn test_processor(ctx: &AppContext) -> AppResult<&TestProcessor> {
    TestProcessor::of(ctx).ok_or_else(AppError::not_found)
}

/// A test card, as the test processor's form sends it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct TestCard {
    /// The setup's secret, from `startPledgeCard`.
    #[validate(length(min = 1, max = 200))]
    pub client_secret: String,
    /// A test card number (spaces allowed): `4242 4242 4242 4242` succeeds, an ending of
    /// `0002` is declined, `9995` has insufficient funds, `3155` needs authentication.
    #[validate(length(min = 1, max = 40))]
    pub number: String,
    pub exp_month: u32,
    pub exp_year: i32,
    #[validate(length(min = 1, max = 8))]
    pub cvc: String,
}

/// Test processor: save a card
///
/// Saves a test card on a setup (the built-in test processor only).
#[utoipa::path(
    operation_id = "confirmTestCard",
    tag = "payments",
    params(("id" = String, Path, description = "The setup's id")),
    request_body = TestCard,
    responses(
        (status = 200, description = "The card saved (its brand and last four digits).", body = Data<SavedMethod>),
        (status = 400, description = "A card number, expiry or security code that is not valid, or an unknown setup.", body = kernel::ErrorBody),
        (status = 404, description = "Another processor takes payments.", body = kernel::ErrorBody),
    )
)]
#[post("/test-processor/setups/{id}/confirm")]
pub async fn confirm(
    ctx: web::Data<AppContext>,
    path: web::Path<String>,
    body: kernel::extract::ValidJson<TestCard>,
) -> AppResult<web::Json<Data<SavedMethod>>> {
    let processor = test_processor(&ctx)?;
    let body = body.into_inner();
    let card = CardInput {
        number: body.number,
        exp_month: body.exp_month,
        exp_year: body.exp_year,
        cvc: body.cvc,
    };
    let saved = processor
        .confirm_setup(&path, &body.client_secret, &card)
        .await?;
    Ok(Data::new(saved))
}

/// The card holder's answer to their bank's challenge, as the test processor's page sends it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct TestAuthentication {
    /// The charge's secret, from `startPledgeAuthentication`.
    #[validate(length(min = 1, max = 200))]
    pub client_secret: String,
    /// Whether the card holder confirms the payment (`false`: they refuse it).
    pub approve: bool,
}

/// Test processor: authenticate a charge
///
/// The card holder's answer to their bank's challenge for an off-session charge that needs
/// authentication (card ending 3155), as Stripe's 3-D Secure page takes it: approved, the
/// charge succeeds; refused, it fails (the built-in test processor only).
#[utoipa::path(
    operation_id = "authenticateTestCharge",
    tag = "payments",
    params(("id" = String, Path, description = "The charge's id")),
    request_body = TestAuthentication,
    responses(
        (status = 200, description = "The bank's answer is recorded.", body = Data<kernel::MessageResponse>, example = json!({"data": {"message": "The payment is authenticated."}})),
        (status = 400, description = "An unknown charge or secret, or a charge that does not wait for authentication.", body = kernel::ErrorBody),
        (status = 404, description = "Another processor takes payments.", body = kernel::ErrorBody),
    )
)]
#[post("/test-processor/charges/{id}/authenticate")]
pub async fn authenticate(
    ctx: web::Data<AppContext>,
    path: web::Path<String>,
    body: kernel::extract::ValidJson<TestAuthentication>,
) -> AppResult<web::Json<Data<kernel::MessageResponse>>> {
    let processor = test_processor(&ctx)?;
    let body = body.into_inner();
    processor
        .authenticate(&path, &body.client_secret, body.approve)
        .await?;
    let answer = if body.approve {
        "The payment is authenticated."
    } else {
        "The payment was refused."
    };
    Ok(kernel::MessageResponse::data(answer))
}

/// A Canadian bank account, as the test processor's onboarding form sends it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct TestBankAccount {
    /// The secret of the onboarding link the owner followed (`link` in its query string).
    #[validate(length(max = 128))]
    pub link: Option<String>,
    /// The institution the funds go to (a university or research institute).
    #[validate(length(max = 255))]
    pub institution: String,
    /// 5 digits.
    #[validate(length(max = 16))]
    pub transit_number: String,
    /// 3 digits.
    #[validate(length(max = 16))]
    pub institution_number: String,
    /// 7 to 12 digits.
    #[validate(length(max = 32))]
    pub account_number: String,
}

/// Test processor: verify a payout account
///
/// Completes a payout account's onboarding at the test processor through the secret, single-use,
/// half-hour link the owner was given: the account is verified (only the institution's name and
/// the account's last four digits are kept).
#[utoipa::path(
    operation_id = "onboardTestPayoutAccount",
    tag = "payments",
    params(("id" = String, Path, description = "The payout account's id")),
    request_body = TestBankAccount,
    responses(
        (status = 200, description = "Verified.", body = Data<kernel::MessageResponse>, example = json!({"data": {"message": ONBOARDED}})),
        (status = 400, description = "A bank detail that is not valid, or a link that is not valid, used or expired.", body = kernel::ErrorBody),
        (status = 404, description = "Another processor takes payments.", body = kernel::ErrorBody),
    )
)]
#[post("/test-processor/accounts/{id}/onboard")]
pub async fn onboard(
    ctx: web::Data<AppContext>,
    path: web::Path<String>,
    body: kernel::extract::ValidJson<TestBankAccount>,
) -> AppResult<web::Json<Data<kernel::MessageResponse>>> {
    let processor = test_processor(&ctx)?;
    let body = body.into_inner();
    let bank = BankDetails {
        institution: body.institution,
        transit_number: body.transit_number,
        institution_number: body.institution_number,
        account_number: body.account_number,
    };
    let link = body.link.unwrap_or_default();
    processor.onboard_by_link(&path, &link, &bank).await?;
    Ok(kernel::MessageResponse::data(ONBOARDED))
}

pub const ONBOARDED: &str = "Your payout account is verified.";
