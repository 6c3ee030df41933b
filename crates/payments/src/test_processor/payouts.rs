//! The test processor's payout accounts and payouts. Onboarding is simulated by the
//! processor's own form (served by the app at [`ONBOARDING_PATH`]): the owner gives their
//! institution and Canadian bank details, of which only the institution's name and the
//! account's last four digits are kept, and the account is verified.

use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::entity::{account, payout};
use super::{TestProcessor, new_id, unavailable};
use kernel::error::{AppError, FieldErrors};
use kernel::payments::{PaymentError, PayoutAccount, PayoutRequest};

/// Where the browser completes a test payout account's onboarding (`/{account id}`).
pub const ONBOARDING_PATH: &str = "/test-processor/onboarding";

pub const INVALID_INSTITUTION: &str = "Enter your institution's name.";
pub const INVALID_TRANSIT: &str = "A transit number has 5 digits.";
pub const INVALID_INSTITUTION_NUMBER: &str = "An institution number has 3 digits.";
pub const INVALID_ACCOUNT: &str = "An account number has 7 to 12 digits.";
pub const ONBOARDING_LINK_INVALID: &str =
    "This onboarding link is not valid or has expired. Start again from My projects.";

/// How long an onboarding link works (Stripe's account links last minutes too).
const ONBOARDING_LINK_LIFETIME: chrono::Duration = chrono::Duration::minutes(30);

/// What the onboarding form sends: a Canadian bank account.
#[derive(Debug, Clone)]
pub struct BankDetails {
    pub institution: String,
    pub transit_number: String,
    pub institution_number: String,
    pub account_number: String,
}

fn digits(text: &str, lengths: std::ops::RangeInclusive<usize>) -> bool {
    lengths.contains(&text.len()) && text.chars().all(|c| c.is_ascii_digit())
}

impl BankDetails {
    fn checked(&self) -> Result<(), AppError> {
        let mut errors = FieldErrors::new();
        let name = self.institution.trim();
        if name.is_empty() || name.chars().count() > 255 {
            errors.insert("institution".into(), vec![INVALID_INSTITUTION.into()]);
        }
        if !digits(&self.transit_number, 5..=5) {
            errors.insert("transit_number".into(), vec![INVALID_TRANSIT.into()]);
        }
        if !digits(&self.institution_number, 3..=3) {
            errors.insert(
                "institution_number".into(),
                vec![INVALID_INSTITUTION_NUMBER.into()],
            );
        }
        if !digits(&self.account_number, 7..=12) {
            errors.insert("account_number".into(), vec![INVALID_ACCOUNT.into()]);
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(AppError::Validation(errors))
        }
    }
}

impl payout::Model {
    /// What was taken back of it: all of it once reversed.
    pub(super) fn reversed_cents(&self) -> i64 {
        if self.reversal_id.is_some() {
            self.amount_cents
        } else {
            0
        }
    }
}

/// One payout as the processor's dashboard would list it (tests count them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestPayout {
    pub id: String,
    pub account_id: String,
    pub amount_cents: i64,
    /// What was taken back of it (all of it once reversed).
    pub reversed_cents: i64,
}

impl TestProcessor {
    pub(super) async fn new_account(&self, reference: &str) -> Result<String, PaymentError> {
        let made = account::ActiveModel {
            id: Set(new_id("acct")),
            reference: Set(reference.to_owned()),
            institution: Set(None),
            last4: Set(None),
            verified: Set(false),
            created_at: Set(kernel::clock::now()),
            onboarding_link_hash: Set(None),
            onboarding_link_expires_at: Set(None),
        }
        .insert(&self.db)
        .await
        .map_err(unavailable)?;
        Ok(made.id)
    }

    pub(super) async fn account(&self, id: &str) -> Result<Option<PayoutAccount>, PaymentError> {
        Ok(account::Entity::find_by_id(id.to_owned())
            .one(&self.db)
            .await
            .map_err(unavailable)?
            .map(|a| PayoutAccount {
                id: a.id,
                verified: a.verified,
            }))
    }

    /// A new onboarding link for account `id`: the path of the processor's form with a
    /// secret only this link carries; it works once, for half an hour, and replaces any
    /// earlier link.
    pub(super) async fn onboarding_link(&self, id: &str) -> Result<String, PaymentError> {
        let secret = kernel::secret_token::generate();
        let made = account::Entity::update_many()
            .col_expr(
                account::Column::OnboardingLinkHash,
                Expr::value(kernel::secret_token::hash(&secret)),
            )
            .col_expr(
                account::Column::OnboardingLinkExpiresAt,
                Expr::value(kernel::clock::now() + ONBOARDING_LINK_LIFETIME),
            )
            .filter(account::Column::Id.eq(id))
            .exec(&self.db)
            .await
            .map_err(unavailable)?;
        if made.rows_affected == 0 {
            return Err(PaymentError::Refused(format!("No such account: {id}")));
        }
        Ok(format!("{ONBOARDING_PATH}/{id}?link={secret}"))
    }

    /// The onboarding form's submission through link `secret`: the account is verified and the
    /// link used up, in one conditional write; a wrong, used or expired link changes nothing.
    pub async fn onboard_by_link(
        &self,
        id: &str,
        secret: &str,
        bank: &BankDetails,
    ) -> Result<(), AppError> {
        let invalid = || AppError::bad_request("onboarding_link_invalid", ONBOARDING_LINK_INVALID);
        if secret.is_empty() {
            return Err(invalid());
        }
        bank.checked()?;
        let number = &bank.account_number;
        let verified = account::Entity::update_many()
            .col_expr(
                account::Column::Institution,
                Expr::value(bank.institution.trim()),
            )
            .col_expr(
                account::Column::Last4,
                Expr::value(&number[number.len() - 4..]),
            )
            .col_expr(account::Column::Verified, Expr::value(true))
            .col_expr(
                account::Column::OnboardingLinkHash,
                Expr::value(Option::<String>::None),
            )
            .filter(account::Column::Id.eq(id))
            .filter(account::Column::OnboardingLinkHash.eq(kernel::secret_token::hash(secret)))
            .filter(account::Column::OnboardingLinkExpiresAt.gt(kernel::clock::now()))
            .exec(&self.db)
            .await?;
        if verified.rows_affected == 0 {
            return Err(invalid());
        }
        Ok(())
    }

    pub(super) async fn new_payout(
        &self,
        request: &PayoutRequest<'_>,
    ) -> Result<String, PaymentError> {
        let by_key = || {
            payout::Entity::find()
                .filter(payout::Column::IdempotencyKey.eq(request.idempotency_key))
                .one(&self.db)
        };
        if let Some(done) = by_key().await.map_err(unavailable)? {
            return Ok(done.id);
        }
        let verified = self
            .account(request.account_id)
            .await?
            .is_some_and(|a| a.verified);
        if !verified || request.amount_cents < 1 {
            return Err(PaymentError::Refused(format!(
                "Account {} cannot take this payout.",
                request.account_id
            )));
        }
        let inserted = payout::ActiveModel {
            id: Set(new_id("po")),
            idempotency_key: Set(request.idempotency_key.to_owned()),
            account_id: Set(request.account_id.to_owned()),
            amount_cents: Set(request.amount_cents),
            currency: Set(request.currency.to_owned()),
            created_at: Set(kernel::clock::now()),
            reversal_id: Set(None),
            reversal_key: Set(None),
        }
        .insert(&self.db)
        .await;
        match inserted {
            Ok(made) => Ok(made.id),
            // The same key raced in: the unique index kept one payout.
            Err(err) => match by_key().await.map_err(unavailable)? {
                Some(done) => Ok(done.id),
                None => Err(unavailable(err)),
            },
        }
    }

    /// Every payout made, oldest first, as stored.
    pub(super) async fn payouts_made(&self) -> Result<Vec<payout::Model>, PaymentError> {
        payout::Entity::find()
            .order_by_asc(payout::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(unavailable)
    }

    /// Every payout made, oldest first.
    pub async fn payouts(&self) -> Result<Vec<TestPayout>, PaymentError> {
        Ok(self
            .payouts_made()
            .await?
            .into_iter()
            .map(|p| TestPayout {
                reversed_cents: p.reversed_cents(),
                id: p.id,
                account_id: p.account_id,
                amount_cents: p.amount_cents,
            })
            .collect())
    }

    /// Reverses payout `id` whole, once: a conditional update on a payout not yet reversed,
    /// so reversals sent at once make one; the same key answers with it again.
    pub(super) async fn reverse(&self, id: &str, key: &str) -> Result<String, PaymentError> {
        let reversal = new_id("trr");
        let made = payout::Entity::update_many()
            .col_expr(payout::Column::ReversalId, Expr::value(reversal.clone()))
            .col_expr(payout::Column::ReversalKey, Expr::value(key))
            .filter(payout::Column::Id.eq(id))
            .filter(payout::Column::ReversalId.is_null())
            .exec(&self.db)
            .await
            .map_err(unavailable)?;
        if made.rows_affected == 1 {
            return Ok(reversal);
        }
        let found = payout::Entity::find_by_id(id.to_owned())
            .one(&self.db)
            .await
            .map_err(unavailable)?
            .ok_or_else(|| PaymentError::Refused(format!("No such payout: {id}")))?;
        match (found.reversal_id, found.reversal_key) {
            (Some(done), Some(by)) if by == key => Ok(done),
            _ => Err(PaymentError::Refused(format!(
                "Payout {id} has already been reversed."
            ))),
        }
    }
}
