//! Payments: the one port through which the funding part reaches a card processor
//! (`PaymentProvider`), shaped on Stripe's model — a customer, a card saved for later
//! off-session charges (a SetupIntent), charges with idempotency keys, refunds, signed
//! webhooks. Two implementations, in the `payments` crate: the built-in test processor (the
//! embedded default, with its state in the database) and the Stripe adapter
//! (`COHORT_PAYMENTS=stripe`). Card
//! numbers never pass through Cohort's own code: the browser hands them to the processor.

use async_trait::async_trait;
use serde::Serialize;
use utoipa::ToSchema;

/// The failure code of an off-session charge the card holder's bank wants authenticated
/// on-session (Stripe's code; the test processor gives it for its 3-D Secure card).
pub const AUTHENTICATION_REQUIRED: &str = "authentication_required";

crate::string_enum!(
    /// Which processor takes the cards (the browser loads its card form).
    ProcessorKind {
        /// The built-in test processor: test card numbers, nothing real is charged.
        Test = "test",
        Stripe = "stripe",
    }
);

/// A card being saved for later charges: the browser confirms it with the secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Setup {
    pub id: String,
    pub client_secret: String,
}

/// A saved card, as much of it as may be shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SavedMethod {
    pub id: String,
    /// The customer it is saved under.
    pub customer_id: String,
    pub brand: String,
    pub last4: String,
}

/// An off-session charge of a saved card.
#[derive(Debug, Clone)]
pub struct ChargeRequest<'a> {
    pub customer_id: &'a str,
    pub method_id: &'a str,
    /// Minor units (cents), at least 1.
    pub amount_cents: i64,
    /// ISO 4217, lower case (`cad`).
    pub currency: &'a str,
    /// The same key charges once, however often it is sent.
    pub idempotency_key: &'a str,
    pub description: &'a str,
}

/// What a charge came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChargeOutcome {
    Succeeded {
        charge_id: String,
    },
    /// The card was refused; `code` as processors name it (`card_declined`,
    /// `insufficient_funds`).
    Declined {
        code: String,
        charge_id: Option<String>,
    },
    /// The bank wants the card holder to authenticate, which an off-session charge cannot:
    /// the donor must come back and confirm.
    NeedsAuthentication {
        charge_id: String,
    },
}

/// A charge as the processor records it (for reconciliation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChargeRecord {
    pub amount_cents: i64,
    /// The money was collected.
    pub succeeded: bool,
    /// How much of it was refunded.
    pub refunded_cents: i64,
}

/// A charge as the processor lists it: what reconciliation compares with the ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedCharge {
    pub id: String,
    pub amount_cents: i64,
    /// The money was collected.
    pub succeeded: bool,
    pub refunded_cents: i64,
    /// The idempotency key Cohort sent with it, as the processor kept it (names the pledge).
    pub key: Option<String>,
}

/// A payout as the processor lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedPayout {
    pub id: String,
    pub amount_cents: i64,
    /// What was taken back of it.
    pub reversed_cents: i64,
    /// The idempotency key Cohort sent with it (names the project).
    pub key: Option<String>,
}

/// A refund the processor made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub id: String,
    pub amount_cents: i64,
}

/// An owner's account for receiving payouts, as the processor reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutAccount {
    pub id: String,
    /// Onboarding is done: the processor may pay money out to it.
    pub verified: bool,
}

/// Money paid out of the platform to an owner's payout account.
#[derive(Debug, Clone)]
pub struct PayoutRequest<'a> {
    pub account_id: &'a str,
    /// Minor units, at least 1.
    pub amount_cents: i64,
    pub currency: &'a str,
    /// The same key pays out once, however often it is sent.
    pub idempotency_key: &'a str,
}

/// A verified webhook event (what happened at the processor).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    /// The processor's event id: the same event delivered twice has the same id.
    pub id: String,
    /// Like `payment_intent.succeeded`.
    pub kind: String,
    /// The id of the object the event is about, when it has one.
    pub object_id: Option<String>,
    /// The payment the object belongs to (a charge's PaymentIntent), when it names one.
    pub payment_id: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The processor could not be reached or failed; worth retrying later.
    #[error("the payment processor is unavailable: {0}")]
    Unavailable(String),
    /// The processor refused the request itself (not a declined card).
    #[error("the payment processor refused the request: {0}")]
    Refused(String),
    /// A webhook whose signature does not match, or that is too old.
    #[error("the webhook signature is not valid")]
    BadSignature,
    #[error(transparent)]
    Database(#[from] sea_orm::DbErr),
}

/// `Any` lets the app and the tests reach the test processor's own calls (its card form)
/// behind the one provider the context holds.
#[async_trait]
pub trait PaymentProvider: std::any::Any + Send + Sync {
    fn kind(&self) -> ProcessorKind;
    /// A customer at the processor, to keep cards under; `reference` names the member on
    /// Cohort's side (like `member-42`).
    async fn create_customer(&self, reference: &str) -> Result<String, PaymentError>;
    /// Starts saving a card of `customer_id` for later off-session charges.
    async fn start_setup(&self, customer_id: &str) -> Result<Setup, PaymentError>;
    /// The card a setup saved, once the browser confirmed it; `None` before.
    async fn saved_method(&self, setup_id: &str) -> Result<Option<SavedMethod>, PaymentError>;
    /// Charges a saved card; the same idempotency key never charges twice.
    async fn charge(&self, request: &ChargeRequest<'_>) -> Result<ChargeOutcome, PaymentError>;
    /// The secret with which the card holder's browser completes an off-session charge their
    /// bank wants authenticated (`NeedsAuthentication`): Stripe.js's `confirmCardPayment`, or
    /// the test processor's challenge. `None` once the charge no longer waits for it.
    async fn authentication_secret(&self, charge_id: &str) -> Result<Option<String>, PaymentError>;
    /// Cancels a charge that waits for its card holder (`NeedsAuthentication`), so that it
    /// can never be collected: true once it never will be (cancelled now or before, or
    /// refused), false when it was collected first (the card holder's bank said yes).
    async fn cancel_charge(&self, charge_id: &str) -> Result<bool, PaymentError>;
    /// The processor's record of a charge; `None` when it has none.
    async fn charge_record(&self, charge_id: &str) -> Result<Option<ChargeRecord>, PaymentError>;
    /// Every charge the processor made for the platform, oldest first.
    async fn list_charges(&self) -> Result<Vec<ListedCharge>, PaymentError>;
    /// Every payout the processor made for the platform, oldest first.
    async fn list_payouts(&self) -> Result<Vec<ListedPayout>, PaymentError>;
    /// Refunds a charge, whole or `amount_cents` of it; the same idempotency key never
    /// refunds twice.
    async fn refund(
        &self,
        charge_id: &str,
        amount_cents: Option<i64>,
        idempotency_key: &str,
    ) -> Result<Refund, PaymentError>;
    /// An account to pay a project owner's funds out to; `reference` names the owner.
    async fn create_payout_account(&self, reference: &str) -> Result<String, PaymentError>;
    /// Where the owner completes the account's onboarding (their institution's details go
    /// to the processor, never to Cohort); `return_url` is where they come back.
    async fn onboarding_url(
        &self,
        account_id: &str,
        return_url: &str,
    ) -> Result<String, PaymentError>;
    /// The account as the processor sees it now; `None` when it does not exist.
    async fn payout_account(&self, account_id: &str)
    -> Result<Option<PayoutAccount>, PaymentError>;
    /// Pays money out to a verified account; the same idempotency key pays once. The
    /// payout's id.
    async fn pay_out(&self, request: &PayoutRequest<'_>) -> Result<String, PaymentError>;
    /// Takes a whole payout back from the owner's account (Stripe's transfer reversal); the
    /// same idempotency key reverses once. The reversal's id.
    async fn reverse_payout(
        &self,
        payout_id: &str,
        idempotency_key: &str,
    ) -> Result<String, PaymentError>;
    /// Checks a webhook's signature (and age) and reads the event it carries.
    fn verify_webhook(
        &self,
        payload: &[u8],
        signature: &str,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<WebhookEvent, PaymentError>;
}
