//! The built-in test processor: the embedded default, behaving like a processor's test
//! mode. Its card form (served by the app) hands a number to [`TestProcessor::confirm_setup`],
//! which keeps only the brand, the last four digits and how the card behaves, chosen by
//! the number's ending as in Stripe's test mode: `4242` (and any other valid number)
//! succeeds, `0002` is declined, `9995` has insufficient funds, `3155` needs the card
//! holder to authenticate. State lives in the database (`test_processor_*`), under the
//! processor's own string ids, so it survives restarts like a real processor's.

use async_trait::async_trait;
use chrono::{DateTime, Datelike, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use crate::webhook;
use kernel::AppContext;
use kernel::error::{AppError, FieldErrors};
use kernel::payments::{
    ChargeOutcome, ChargeRecord, ChargeRequest, ListedCharge, ListedPayout, PaymentError,
    PaymentProvider, PayoutAccount, PayoutRequest, ProcessorKind, Refund, SavedMethod, Setup,
    WebhookEvent,
};

mod entity;
mod payouts;
pub use entity::ChargeStatus;
use entity::{charge, customer, method, refund, setup};
pub use payouts::{BankDetails, ONBOARDING_LINK_INVALID, ONBOARDING_PATH, TestPayout};

/// How a test card behaves when charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    Succeeds,
    Declined,
    InsufficientFunds,
    NeedsAuthentication,
}

impl Behaviour {
    /// By the number's ending, as processors' test modes do.
    pub fn of(number: &str) -> Self {
        if number.ends_with("0002") {
            Self::Declined
        } else if number.ends_with("9995") {
            Self::InsufficientFunds
        } else if number.ends_with("3155") {
            Self::NeedsAuthentication
        } else {
            Self::Succeeds
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Self::Succeeds => "succeeds",
            Self::Declined => "declined",
            Self::InsufficientFunds => "insufficient_funds",
            Self::NeedsAuthentication => "needs_authentication",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "declined" => Self::Declined,
            "insufficient_funds" => Self::InsufficientFunds,
            "needs_authentication" => Self::NeedsAuthentication,
            _ => Self::Succeeds,
        }
    }
}

/// A card as the test processor's form sends it.
#[derive(Debug, Clone)]
pub struct CardInput {
    pub number: String,
    pub exp_month: u32,
    pub exp_year: i32,
    pub cvc: String,
}

pub const INVALID_NUMBER: &str = "Your card number is incorrect.";
pub const EXPIRED: &str = "Your card's expiration date is invalid.";
pub const INVALID_CVC: &str = "Your card's security code is invalid.";
pub const UNKNOWN_SETUP: &str = "This card setup does not exist or has expired.";
pub const NO_AUTHENTICATION: &str = "This payment does not wait for authentication.";

/// The Luhn checksum every card number carries.
fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .chars()
        .rev()
        .filter_map(|c| c.to_digit(10))
        .enumerate()
        .map(|(i, d)| {
            if i % 2 == 1 {
                if d * 2 > 9 { d * 2 - 9 } else { d * 2 }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

fn brand(number: &str) -> &'static str {
    match number.chars().next() {
        Some('4') => "visa",
        Some('5' | '2') => "mastercard",
        Some('3') => "amex",
        _ => "card",
    }
}

/// The card's number without spaces, or what is wrong with the card, by field.
fn checked(card: &CardInput, today: DateTime<Utc>) -> Result<String, AppError> {
    let number: String = card.number.chars().filter(|c| !c.is_whitespace()).collect();
    let mut errors = FieldErrors::new();
    let digits = number.chars().all(|c| c.is_ascii_digit());
    if !(digits && (13..=19).contains(&number.len()) && luhn(&number)) {
        errors.insert("number".into(), vec![INVALID_NUMBER.into()]);
    }
    let month_now = (today.year(), today.month());
    let expiry_ok = (1..=12).contains(&card.exp_month)
        && (card.exp_year, card.exp_month) >= month_now
        && card.exp_year <= today.year() + 20;
    if !expiry_ok {
        errors.insert("exp".into(), vec![EXPIRED.into()]);
    }
    let cvc_ok = (3..=4).contains(&card.cvc.len()) && card.cvc.chars().all(|c| c.is_ascii_digit());
    if !cvc_ok {
        errors.insert("cvc".into(), vec![INVALID_CVC.into()]);
    }
    if errors.is_empty() {
        Ok(number)
    } else {
        Err(AppError::Validation(errors))
    }
}

pub(super) fn new_id(prefix: &str) -> String {
    let token: String = kernel::secret_token::generate()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20)
        .collect();
    format!("{prefix}_test_{token}")
}

pub(super) fn unavailable(err: sea_orm::DbErr) -> PaymentError {
    PaymentError::Database(err)
}

/// One charge as the processor's dashboard would list it (tests count them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCharge {
    pub id: String,
    pub idempotency_key: String,
    pub amount_cents: i64,
    pub status: ChargeStatus,
}

#[derive(Clone)]
pub struct TestProcessor {
    db: DatabaseConnection,
    webhook_secret: String,
    /// How long a charge takes to answer (a real processor's round trip).
    latency: std::time::Duration,
}

impl TestProcessor {
    pub fn new(db: DatabaseConnection, webhook_secret: String) -> Self {
        Self {
            db,
            webhook_secret,
            latency: std::time::Duration::ZERO,
        }
    }

    /// The test processor when it is the one taking payments (the embedded default);
    /// `None` while another processor does.
    pub fn of(ctx: &AppContext) -> Option<&TestProcessor> {
        let provider: &dyn std::any::Any = ctx.payments.as_ref();
        provider.downcast_ref()
    }

    /// The processor answering each charge after `latency`, as a real one does over the
    /// network (`COHORT_TEST_PROCESSOR_LATENCY_MS`).
    pub fn with_latency(mut self, latency: std::time::Duration) -> Self {
        self.latency = latency;
        self
    }

    /// The card form's submission: saves the card on the setup, as the browser would at a
    /// processor. Only the brand, the last four digits and the behaviour are kept.
    pub async fn confirm_setup(
        &self,
        setup_id: &str,
        client_secret: &str,
        card: &CardInput,
    ) -> Result<SavedMethod, AppError> {
        let found = setup::Entity::find_by_id(setup_id.to_owned())
            .one(&self.db)
            .await?
            // Compared as digests, so the comparison's time tells nothing of the secret.
            .filter(|s| {
                kernel::secret_token::hash(&s.client_secret)
                    == kernel::secret_token::hash(client_secret)
            })
            .ok_or_else(|| AppError::bad_request("unknown_setup", UNKNOWN_SETUP))?;
        let number = checked(card, kernel::clock::now())?;
        let saved = method::ActiveModel {
            id: Set(new_id("pm")),
            customer_id: Set(found.customer_id.clone()),
            brand: Set(brand(&number).to_owned()),
            last4: Set(number[number.len() - 4..].to_owned()),
            behaviour: Set(Behaviour::of(&number).as_str().to_owned()),
            created_at: Set(kernel::clock::now()),
        }
        .insert(&self.db)
        .await?;
        let mut active: setup::ActiveModel = found.into();
        active.method_id = Set(Some(saved.id.clone()));
        active.update(&self.db).await?;
        Ok(SavedMethod {
            id: saved.id,
            customer_id: saved.customer_id,
            brand: saved.brand,
            last4: saved.last4,
        })
    }

    /// The card holder's answer to their bank's challenge, on-session (Stripe's 3-D Secure
    /// page): a `requires_action` charge succeeds when `approve`d, else fails with
    /// `authentication_failed`. Refused for another charge, secret or state.
    pub async fn authenticate(
        &self,
        charge_id: &str,
        client_secret: &str,
        approve: bool,
    ) -> Result<(), AppError> {
        let refused = || AppError::bad_request("no_authentication", NO_AUTHENTICATION);
        charge::Entity::find_by_id(charge_id.to_owned())
            .one(&self.db)
            .await?
            .and_then(|c| c.client_secret)
            .filter(|secret| {
                kernel::secret_token::hash(secret) == kernel::secret_token::hash(client_secret)
            })
            .ok_or_else(refused)?;
        let (status, failure) = if approve {
            (ChargeStatus::Succeeded, None)
        } else {
            (ChargeStatus::Failed, Some("authentication_failed"))
        };
        let answered = charge::Entity::update_many()
            .col_expr(charge::Column::Status, Expr::value(status))
            .col_expr(charge::Column::FailureCode, Expr::value(failure))
            .filter(charge::Column::Id.eq(charge_id))
            .filter(charge::Column::Status.eq(ChargeStatus::RequiresAction))
            .exec(&self.db)
            .await?;
        if answered.rows_affected == 0 {
            return Err(refused());
        }
        Ok(())
    }

    /// Every charge made, oldest first.
    pub async fn charges(&self) -> Result<Vec<TestCharge>, PaymentError> {
        Ok(charge::Entity::find()
            .order_by_asc(charge::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(unavailable)?
            .into_iter()
            .map(|c| TestCharge {
                id: c.id,
                idempotency_key: c.idempotency_key,
                amount_cents: c.amount_cents,
                status: c.status,
            })
            .collect())
    }

    async fn charge_by_key(&self, key: &str) -> Result<Option<charge::Model>, PaymentError> {
        charge::Entity::find()
            .filter(charge::Column::IdempotencyKey.eq(key))
            .one(&self.db)
            .await
            .map_err(unavailable)
    }

    /// Makes the charge (or finds the one its key made).
    async fn charge_once(
        &self,
        request: &ChargeRequest<'_>,
    ) -> Result<ChargeOutcome, PaymentError> {
        if let Some(done) = self.charge_by_key(request.idempotency_key).await? {
            return Ok(outcome_of(&done));
        }
        if request.amount_cents < 1 {
            return Err(PaymentError::Refused(
                "The amount must be at least 1 cent.".into(),
            ));
        }
        let card = method::Entity::find_by_id(request.method_id.to_owned())
            .filter(method::Column::CustomerId.eq(request.customer_id))
            .one(&self.db)
            .await?
            .ok_or_else(|| PaymentError::Refused(format!("No such card: {}", request.method_id)))?;
        let (status, failure) = match Behaviour::parse(&card.behaviour) {
            Behaviour::Succeeds => (ChargeStatus::Succeeded, None),
            Behaviour::Declined => (ChargeStatus::Failed, Some("card_declined")),
            Behaviour::InsufficientFunds => (ChargeStatus::Failed, Some("insufficient_funds")),
            Behaviour::NeedsAuthentication => (ChargeStatus::RequiresAction, None),
        };
        let id = new_id("ch");
        let inserted = charge::ActiveModel {
            id: Set(id.clone()),
            idempotency_key: Set(request.idempotency_key.to_owned()),
            customer_id: Set(request.customer_id.to_owned()),
            method_id: Set(card.id),
            amount_cents: Set(request.amount_cents),
            currency: Set(request.currency.to_owned()),
            status: Set(status),
            failure_code: Set(failure.map(str::to_owned)),
            description: Set(request.description.chars().take(255).collect()),
            created_at: Set(kernel::clock::now()),
            client_secret: Set((status == ChargeStatus::RequiresAction)
                .then(|| format!("{id}_secret_{}", kernel::secret_token::generate()))),
        }
        .insert(&self.db)
        .await;
        match inserted {
            Ok(made) => Ok(outcome_of(&made)),
            // The same key raced in: the unique index kept one charge; answer with it.
            Err(err) => match self.charge_by_key(request.idempotency_key).await? {
                Some(done) => Ok(outcome_of(&done)),
                None => Err(unavailable(err)),
            },
        }
    }
}

impl TestProcessor {
    /// The refund already made of `charge_id` or under `key`: the same refund again, or a
    /// refusal when the charge was refunded under another key (or the key refunded another
    /// charge); none when neither was refunded.
    async fn refund_made(
        &self,
        charge_id: &str,
        key: &str,
    ) -> Result<Option<Result<Refund, PaymentError>>, PaymentError> {
        let existing = refund::Entity::find()
            .filter(
                sea_orm::Condition::any()
                    .add(refund::Column::IdempotencyKey.eq(key))
                    .add(refund::Column::ChargeId.eq(charge_id)),
            )
            .one(&self.db)
            .await?;
        Ok(existing.map(|done| {
            if done.charge_id != charge_id || done.idempotency_key != key {
                Err(PaymentError::Refused(format!(
                    "Charge {charge_id} has already been refunded."
                )))
            } else {
                Ok(Refund {
                    id: done.id,
                    amount_cents: done.amount_cents,
                })
            }
        }))
    }
}

fn outcome_of(c: &charge::Model) -> ChargeOutcome {
    match c.status {
        ChargeStatus::Succeeded => ChargeOutcome::Succeeded {
            charge_id: c.id.clone(),
        },
        ChargeStatus::RequiresAction => ChargeOutcome::NeedsAuthentication {
            charge_id: c.id.clone(),
        },
        ChargeStatus::Failed | ChargeStatus::Canceled => ChargeOutcome::Declined {
            code: c
                .failure_code
                .clone()
                .unwrap_or_else(|| "card_declined".into()),
            charge_id: Some(c.id.clone()),
        },
    }
}

#[async_trait]
impl PaymentProvider for TestProcessor {
    fn kind(&self) -> ProcessorKind {
        ProcessorKind::Test
    }

    async fn create_customer(&self, reference: &str) -> Result<String, PaymentError> {
        let created = customer::ActiveModel {
            id: Set(new_id("cus")),
            reference: Set(reference.to_owned()),
            created_at: Set(kernel::clock::now()),
        }
        .insert(&self.db)
        .await?;
        Ok(created.id)
    }

    async fn start_setup(&self, customer_id: &str) -> Result<Setup, PaymentError> {
        let known = customer::Entity::find_by_id(customer_id.to_owned())
            .count(&self.db)
            .await?;
        if known == 0 {
            return Err(PaymentError::Refused(format!(
                "No such customer: {customer_id}"
            )));
        }
        let id = new_id("seti");
        let client_secret = format!("{id}_secret_{}", kernel::secret_token::generate());
        setup::ActiveModel {
            id: Set(id.clone()),
            customer_id: Set(customer_id.to_owned()),
            client_secret: Set(client_secret.clone()),
            method_id: Set(None),
            created_at: Set(kernel::clock::now()),
        }
        .insert(&self.db)
        .await?;
        Ok(Setup { id, client_secret })
    }

    async fn saved_method(&self, setup_id: &str) -> Result<Option<SavedMethod>, PaymentError> {
        let Some(found) = setup::Entity::find_by_id(setup_id.to_owned())
            .one(&self.db)
            .await?
        else {
            return Err(PaymentError::Refused(format!("No such setup: {setup_id}")));
        };
        let Some(method_id) = found.method_id else {
            return Ok(None);
        };
        Ok(method::Entity::find_by_id(method_id)
            .one(&self.db)
            .await?
            .map(|m| SavedMethod {
                id: m.id,
                customer_id: m.customer_id,
                brand: m.brand,
                last4: m.last4,
            }))
    }

    /// The charge is made at once; its answer takes the latency to come back, so a process
    /// killed meanwhile leaves a charge it never recorded (the case idempotency keys cover).
    async fn charge(&self, request: &ChargeRequest<'_>) -> Result<ChargeOutcome, PaymentError> {
        let outcome = self.charge_once(request).await;
        tokio::time::sleep(self.latency).await;
        outcome
    }

    async fn authentication_secret(&self, charge_id: &str) -> Result<Option<String>, PaymentError> {
        Ok(charge::Entity::find_by_id(charge_id.to_owned())
            .filter(charge::Column::Status.eq(ChargeStatus::RequiresAction))
            .one(&self.db)
            .await?
            .and_then(|c| c.client_secret))
    }

    /// A waiting charge becomes `canceled` (its card holder's answer is then refused).
    async fn cancel_charge(&self, charge_id: &str) -> Result<bool, PaymentError> {
        charge::Entity::update_many()
            .col_expr(charge::Column::Status, Expr::value(ChargeStatus::Canceled))
            .col_expr(charge::Column::FailureCode, Expr::value("canceled"))
            .filter(charge::Column::Id.eq(charge_id))
            .filter(charge::Column::Status.eq(ChargeStatus::RequiresAction))
            .exec(&self.db)
            .await
            .map_err(unavailable)?;
        let found = charge::Entity::find_by_id(charge_id.to_owned())
            .one(&self.db)
            .await?
            .ok_or_else(|| PaymentError::Refused(format!("No such charge: {charge_id}")))?;
        Ok(found.status != ChargeStatus::Succeeded)
    }

    async fn charge_record(&self, charge_id: &str) -> Result<Option<ChargeRecord>, PaymentError> {
        let Some(found) = charge::Entity::find_by_id(charge_id.to_owned())
            .one(&self.db)
            .await?
        else {
            return Ok(None);
        };
        let refunded_cents = refund::Entity::find()
            .filter(refund::Column::ChargeId.eq(charge_id))
            .all(&self.db)
            .await?
            .iter()
            .map(|r| r.amount_cents)
            .sum();
        Ok(Some(ChargeRecord {
            amount_cents: found.amount_cents,
            succeeded: found.status == ChargeStatus::Succeeded,
            refunded_cents,
        }))
    }

    async fn refund(
        &self,
        charge_id: &str,
        amount_cents: Option<i64>,
        idempotency_key: &str,
    ) -> Result<Refund, PaymentError> {
        if let Some(done) = self.refund_made(charge_id, idempotency_key).await? {
            return done;
        }
        let paid = charge::Entity::find_by_id(charge_id.to_owned())
            .filter(charge::Column::Status.eq("succeeded"))
            .one(&self.db)
            .await?
            .ok_or_else(|| PaymentError::Refused(format!("No successful charge {charge_id}.")))?;
        let amount = amount_cents.unwrap_or(paid.amount_cents);
        if !(1..=paid.amount_cents).contains(&amount) {
            return Err(PaymentError::Refused(format!(
                "A refund of {amount} cents does not fit charge {charge_id}."
            )));
        }
        let made = refund::ActiveModel {
            id: Set(new_id("re")),
            idempotency_key: Set(idempotency_key.to_owned()),
            charge_id: Set(paid.id),
            amount_cents: Set(amount),
            created_at: Set(kernel::clock::now()),
        }
        .insert(&self.db)
        .await;
        match made {
            Ok(made) => Ok(Refund {
                id: made.id,
                amount_cents: made.amount_cents,
            }),
            // The same refund raced in: the unique indexes kept one; answer as it stands.
            Err(err) => match self.refund_made(charge_id, idempotency_key).await? {
                Some(done) => done,
                None => Err(unavailable(err)),
            },
        }
    }

    async fn create_payout_account(&self, reference: &str) -> Result<String, PaymentError> {
        self.new_account(reference).await
    }

    async fn onboarding_url(
        &self,
        account_id: &str,
        _return_url: &str,
    ) -> Result<String, PaymentError> {
        self.onboarding_link(account_id).await
    }

    async fn payout_account(
        &self,
        account_id: &str,
    ) -> Result<Option<PayoutAccount>, PaymentError> {
        self.account(account_id).await
    }

    async fn pay_out(&self, request: &PayoutRequest<'_>) -> Result<String, PaymentError> {
        self.new_payout(request).await
    }

    async fn list_charges(&self) -> Result<Vec<ListedCharge>, PaymentError> {
        let charges = charge::Entity::find()
            .order_by_asc(charge::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(unavailable)?;
        let mut refunded: std::collections::HashMap<String, i64> = Default::default();
        for r in refund::Entity::find()
            .all(&self.db)
            .await
            .map_err(unavailable)?
        {
            *refunded.entry(r.charge_id).or_default() += r.amount_cents;
        }
        Ok(charges
            .into_iter()
            .map(|c| ListedCharge {
                refunded_cents: refunded.get(&c.id).copied().unwrap_or_default(),
                succeeded: c.status == ChargeStatus::Succeeded,
                amount_cents: c.amount_cents,
                key: Some(c.idempotency_key),
                id: c.id,
            })
            .collect())
    }

    async fn list_payouts(&self) -> Result<Vec<ListedPayout>, PaymentError> {
        Ok(self
            .payouts_made()
            .await?
            .into_iter()
            .map(|p| ListedPayout {
                reversed_cents: p.reversed_cents(),
                amount_cents: p.amount_cents,
                key: Some(p.idempotency_key),
                id: p.id,
            })
            .collect())
    }

    async fn reverse_payout(
        &self,
        payout_id: &str,
        idempotency_key: &str,
    ) -> Result<String, PaymentError> {
        self.reverse(payout_id, idempotency_key).await
    }

    fn verify_webhook(
        &self,
        payload: &[u8],
        signature: &str,
        now: DateTime<Utc>,
    ) -> Result<WebhookEvent, PaymentError> {
        webhook::verify(&self.webhook_secret, payload, signature, now)?;
        webhook::event_of(payload)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ending_of_a_test_number_says_how_the_card_behaves() {
        assert_eq!(Behaviour::of("4242424242424242"), Behaviour::Succeeds);
        assert_eq!(Behaviour::of("4000000000000002"), Behaviour::Declined);
        assert_eq!(
            Behaviour::of("4000000000009995"),
            Behaviour::InsufficientFunds
        );
        assert_eq!(
            Behaviour::of("4000002500003155"),
            Behaviour::NeedsAuthentication
        );
    }

    #[test]
    fn a_card_needs_a_valid_number_a_future_expiry_and_a_security_code() {
        let today = DateTime::from_timestamp(1_795_000_000, 0).unwrap_or_default();
        let card = |number: &str, exp_month, exp_year, cvc: &str| CardInput {
            number: number.into(),
            exp_month,
            exp_year,
            cvc: cvc.into(),
        };
        assert!(checked(&card("4242 4242 4242 4242", 12, 2030, "123"), today).is_ok());
        let Err(AppError::Validation(errors)) =
            checked(&card("4242424242424241", 0, 2020, "1x"), today)
        else {
            panic!("a bad card passed");
        };
        assert_eq!(errors["number"], [INVALID_NUMBER]);
        assert_eq!(errors["exp"], [EXPIRED]);
        assert_eq!(errors["cvc"], [INVALID_CVC]);
    }
}
