//! The Stripe adapter (`COHORT_PAYMENTS=stripe`): Stripe's HTTP API with form-encoded
//! requests, the secret key as the bearer, and the base URL from configuration (tests point
//! it at localstripe). A charge is a PaymentIntent confirmed off-session on the saved card,
//! sent with an `Idempotency-Key`; its id (`pi_…`) is the charge id Cohort keeps. Nothing of
//! the card but its brand and last four digits is read, and no response body is logged.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::webhook;
use kernel::payments::AUTHENTICATION_REQUIRED;
use kernel::payments::{
    ChargeOutcome, ChargeRecord, ChargeRequest, ListedCharge, ListedPayout, PaymentError,
    PaymentProvider, PayoutAccount, PayoutRequest, ProcessorKind, Refund, SavedMethod, Setup,
    WebhookEvent,
};

/// Where and how to reach Stripe.
#[derive(Debug, Clone)]
pub struct StripeSettings {
    /// `https://api.stripe.com`, or a stand-in's address.
    pub api_url: String,
    pub secret_key: String,
    pub webhook_secret: String,
}

pub struct StripeProvider {
    client: reqwest::Client,
    settings: StripeSettings,
}

/// What Stripe answered: the object, or its error block with the HTTP status.
enum Answer {
    Ok(Value),
    Error(u16, Value),
}

impl StripeProvider {
    pub fn new(settings: StripeSettings) -> Self {
        Self {
            client: reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(30))
                .build()
                .unwrap_or_default(),
            settings,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}/v1/{path}", self.settings.api_url.trim_end_matches('/'))
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Answer, PaymentError> {
        let response = request
            .bearer_auth(&self.settings.secret_key)
            .send()
            .await
            .map_err(|e| PaymentError::Unavailable(e.without_url().to_string()))?;
        let status = response.status();
        let body: Value = response
            .json()
            .await
            .map_err(|e| PaymentError::Unavailable(e.without_url().to_string()))?;
        if status.is_success() {
            Ok(Answer::Ok(body))
        } else if status.is_server_error() || status.as_u16() == 429 {
            Err(PaymentError::Unavailable(format!(
                "Stripe answered {status}"
            )))
        } else {
            Ok(Answer::Error(status.as_u16(), body["error"].clone()))
        }
    }

    async fn post(&self, path: &str, form: &[(&str, &str)]) -> Result<Answer, PaymentError> {
        self.send(self.client.post(self.url(path)).form(form)).await
    }

    async fn get(&self, path: &str) -> Result<Answer, PaymentError> {
        self.send(self.client.get(self.url(path))).await
    }

    /// Every object of the Stripe list at `path` (like `transfers`), page by page, oldest
    /// first.
    async fn list_all(&self, path: &str, expand: Option<&str>) -> Result<Vec<Value>, PaymentError> {
        let mut all = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let mut query = vec![("limit", "100".to_owned())];
            query.extend(expand.map(|field| ("expand[]", field.to_owned())));
            query.extend(after.clone().map(|id| ("starting_after", id)));
            let sent = self.client.get(self.url(path)).query(&query);
            let page = Self::object(self.send(sent).await?)?;
            let data = page["data"].as_array().cloned().unwrap_or_default();
            after = data.last().and_then(|o| text(&o["id"]));
            all.extend(data);
            if page["has_more"] != true || after.is_none() {
                break;
            }
        }
        all.reverse();
        Ok(all)
    }

    /// The object Stripe answered, or its error as a refusal.
    fn object(answer: Answer) -> Result<Value, PaymentError> {
        match answer {
            Answer::Ok(body) => Ok(body),
            Answer::Error(status, error) => Err(refusal(status, &error)),
        }
    }
}

/// Stripe's error block as a refusal (its message only: never the whole response).
fn refusal(status: u16, error: &Value) -> PaymentError {
    PaymentError::Refused(format!(
        "{status}: {}",
        error["message"].as_str().unwrap_or("no message")
    ))
}

fn text(value: &Value) -> Option<String> {
    value.as_str().map(str::to_owned)
}

fn id_of(body: &Value) -> Result<String, PaymentError> {
    text(&body["id"])
        .ok_or_else(|| PaymentError::Unavailable("Stripe answered without an id".into()))
}

#[async_trait]
impl PaymentProvider for StripeProvider {
    fn kind(&self) -> ProcessorKind {
        ProcessorKind::Stripe
    }

    async fn create_customer(&self, email: &str) -> Result<String, PaymentError> {
        id_of(&Self::object(
            self.post("customers", &[("email", email)]).await?,
        )?)
    }

    async fn start_setup(&self, customer_id: &str) -> Result<Setup, PaymentError> {
        let form = [
            ("customer", customer_id),
            ("usage", "off_session"),
            ("payment_method_types[]", "card"),
        ];
        let body = Self::object(self.post("setup_intents", &form).await?)?;
        Ok(Setup {
            id: id_of(&body)?,
            client_secret: text(&body["client_secret"]).unwrap_or_default(),
        })
    }

    async fn saved_method(&self, setup_id: &str) -> Result<Option<SavedMethod>, PaymentError> {
        let setup = Self::object(self.get(&format!("setup_intents/{setup_id}")).await?)?;
        let (Some("succeeded"), Some(method)) =
            (setup["status"].as_str(), text(&setup["payment_method"]))
        else {
            return Ok(None);
        };
        let found = Self::object(self.get(&format!("payment_methods/{method}")).await?)?;
        Ok(Some(SavedMethod {
            id: method,
            customer_id: text(&setup["customer"]).unwrap_or_default(),
            brand: text(&found["card"]["brand"]).unwrap_or_else(|| "card".into()),
            last4: text(&found["card"]["last4"]).unwrap_or_default(),
        }))
    }

    async fn charge(&self, request: &ChargeRequest<'_>) -> Result<ChargeOutcome, PaymentError> {
        let amount = request.amount_cents.to_string();
        let form = [
            ("amount", amount.as_str()),
            ("currency", request.currency),
            ("customer", request.customer_id),
            ("payment_method", request.method_id),
            ("off_session", "true"),
            ("confirm", "true"),
            ("metadata[description]", request.description),
            // Kept so that reconciliation can name the pledge of a charge the ledger lacks.
            ("metadata[idempotency_key]", request.idempotency_key),
        ];
        let sent = self
            .client
            .post(self.url("payment_intents"))
            .header("Idempotency-Key", request.idempotency_key)
            .form(&form);
        match self.send(sent).await? {
            Answer::Ok(intent) => {
                let charge_id = id_of(&intent)?;
                let code = text(&intent["last_payment_error"]["code"]);
                Ok(match intent["status"].as_str() {
                    Some("succeeded" | "processing") => ChargeOutcome::Succeeded { charge_id },
                    Some("requires_action") => ChargeOutcome::NeedsAuthentication { charge_id },
                    _ if code.as_deref() == Some(AUTHENTICATION_REQUIRED) => {
                        ChargeOutcome::NeedsAuthentication { charge_id }
                    }
                    _ => ChargeOutcome::Declined {
                        code: code.unwrap_or_else(|| "card_declined".into()),
                        charge_id: Some(charge_id),
                    },
                })
            }
            // 402: the card was refused (Stripe names the reason, and the attempt); an
            // off-session charge the bank wants authenticated is refused this way too, its
            // PaymentIntent left for the card holder to confirm on-session.
            Answer::Error(402, error) => {
                let intent = text(&error["payment_intent"]["id"]);
                if let (Some(AUTHENTICATION_REQUIRED), Some(charge_id)) =
                    (error["code"].as_str(), intent.clone())
                {
                    return Ok(ChargeOutcome::NeedsAuthentication { charge_id });
                }
                Ok(ChargeOutcome::Declined {
                    code: text(&error["decline_code"])
                        .or_else(|| text(&error["code"]))
                        .unwrap_or_else(|| "card_declined".into()),
                    charge_id: intent.or_else(|| text(&error["charge"])),
                })
            }
            Answer::Error(status, error) => Err(refusal(status, &error)),
        }
    }

    /// The PaymentIntent's client secret while it waits for its card holder (to authenticate,
    /// or, after an off-session refusal, to be confirmed again with the same card).
    async fn authentication_secret(&self, charge_id: &str) -> Result<Option<String>, PaymentError> {
        match self.get(&format!("payment_intents/{charge_id}")).await? {
            Answer::Ok(intent) => Ok(match intent["status"].as_str() {
                Some("requires_action" | "requires_payment_method" | "requires_confirmation") => {
                    text(&intent["client_secret"])
                }
                _ => None,
            }),
            Answer::Error(404, _) => Ok(None),
            Answer::Error(status, error) => Err(refusal(status, &error)),
        }
    }

    /// Cancels the PaymentIntent; when Stripe refuses (it is no longer cancellable), its
    /// status says whether it was collected or had ended uncollected.
    async fn cancel_charge(&self, charge_id: &str) -> Result<bool, PaymentError> {
        let refused = match self
            .post(&format!("payment_intents/{charge_id}/cancel"), &[])
            .await?
        {
            Answer::Ok(_) => return Ok(true),
            Answer::Error(status, error) => refusal(status, &error),
        };
        let intent = Self::object(self.get(&format!("payment_intents/{charge_id}")).await?)?;
        match intent["status"].as_str() {
            Some("succeeded" | "processing") => Ok(false),
            Some("canceled") => Ok(true),
            _ => Err(refused),
        }
    }

    /// The PaymentIntent with its latest charge (what it collected and refunded).
    async fn charge_record(&self, charge_id: &str) -> Result<Option<ChargeRecord>, PaymentError> {
        let path = format!("payment_intents/{charge_id}?expand[]=latest_charge");
        match self.get(&path).await? {
            Answer::Ok(intent) => Ok(Some(ChargeRecord {
                amount_cents: intent["amount"].as_i64().unwrap_or_default(),
                succeeded: intent["status"] == "succeeded",
                refunded_cents: intent["latest_charge"]["amount_refunded"]
                    .as_i64()
                    .unwrap_or_default(),
            })),
            Answer::Error(404, _) => Ok(None),
            Answer::Error(status, error) => Err(refusal(status, &error)),
        }
    }

    /// Cohort's charges are PaymentIntents; each with its latest charge's refunds.
    async fn list_charges(&self) -> Result<Vec<ListedCharge>, PaymentError> {
        let intents = self
            .list_all("payment_intents", Some("data.latest_charge"))
            .await?;
        Ok(intents
            .iter()
            .map(|intent| ListedCharge {
                id: text(&intent["id"]).unwrap_or_default(),
                amount_cents: intent["amount"].as_i64().unwrap_or_default(),
                succeeded: intent["status"] == "succeeded",
                refunded_cents: intent["latest_charge"]["amount_refunded"]
                    .as_i64()
                    .unwrap_or_default(),
                key: text(&intent["metadata"]["idempotency_key"]),
            })
            .collect())
    }

    /// Cohort's payouts are transfers to the owners' connected accounts.
    async fn list_payouts(&self) -> Result<Vec<ListedPayout>, PaymentError> {
        let transfers = self.list_all("transfers", None).await?;
        Ok(transfers
            .iter()
            .map(|transfer| ListedPayout {
                id: text(&transfer["id"]).unwrap_or_default(),
                amount_cents: transfer["amount"].as_i64().unwrap_or_default(),
                reversed_cents: transfer["amount_reversed"].as_i64().unwrap_or_default(),
                key: text(&transfer["metadata"]["idempotency_key"]),
            })
            .collect())
    }

    async fn refund(
        &self,
        charge_id: &str,
        amount_cents: Option<i64>,
        idempotency_key: &str,
    ) -> Result<Refund, PaymentError> {
        let field = if charge_id.starts_with("pi_") {
            "payment_intent"
        } else {
            "charge"
        };
        let sent = self
            .client
            .post(self.url("refunds"))
            .header("Idempotency-Key", idempotency_key)
            .form(&refund_form(field, charge_id, amount_cents));
        let body = Self::object(self.send(sent).await?)?;
        Ok(Refund {
            id: id_of(&body)?,
            amount_cents: body["amount"].as_i64().unwrap_or_default(),
        })
    }

    /// A Connect Express account in Canada that takes transfers.
    async fn create_payout_account(&self, reference: &str) -> Result<String, PaymentError> {
        let form = [
            ("type", "express"),
            ("country", "CA"),
            ("capabilities[transfers][requested]", "true"),
            ("metadata[reference]", reference),
        ];
        id_of(&Self::object(self.post("accounts", &form).await?)?)
    }

    async fn onboarding_url(
        &self,
        account_id: &str,
        return_url: &str,
    ) -> Result<String, PaymentError> {
        let form = [
            ("account", account_id),
            ("refresh_url", return_url),
            ("return_url", return_url),
            ("type", "account_onboarding"),
        ];
        let link = Self::object(self.post("account_links", &form).await?)?;
        text(&link["url"])
            .ok_or_else(|| PaymentError::Unavailable("Stripe answered without a link".into()))
    }

    async fn payout_account(
        &self,
        account_id: &str,
    ) -> Result<Option<PayoutAccount>, PaymentError> {
        match self.get(&format!("accounts/{account_id}")).await? {
            Answer::Ok(account) => Ok(Some(PayoutAccount {
                id: id_of(&account)?,
                verified: account["payouts_enabled"].as_bool().unwrap_or(false),
            })),
            Answer::Error(404, _) => Ok(None),
            Answer::Error(status, error) => Err(refusal(status, &error)),
        }
    }

    /// A transfer from the platform's balance to the connected account.
    async fn pay_out(&self, request: &PayoutRequest<'_>) -> Result<String, PaymentError> {
        let amount = request.amount_cents.to_string();
        let sent = self
            .client
            .post(self.url("transfers"))
            .header("Idempotency-Key", request.idempotency_key)
            .form(&[
                ("amount", amount.as_str()),
                ("currency", request.currency),
                ("destination", request.account_id),
                ("metadata[idempotency_key]", request.idempotency_key),
            ]);
        id_of(&Self::object(self.send(sent).await?)?)
    }

    /// A transfer reversal of the whole transfer (`POST /v1/transfers/{id}/reversals`).
    async fn reverse_payout(
        &self,
        payout_id: &str,
        idempotency_key: &str,
    ) -> Result<String, PaymentError> {
        let sent = self
            .client
            .post(self.url(&format!("transfers/{payout_id}/reversals")))
            .header("Idempotency-Key", idempotency_key);
        id_of(&Self::object(self.send(sent).await?)?)
    }

    fn verify_webhook(
        &self,
        payload: &[u8],
        signature: &str,
        now: DateTime<Utc>,
    ) -> Result<WebhookEvent, PaymentError> {
        webhook::verify(&self.settings.webhook_secret, payload, signature, now)?;
        webhook::event_of(payload)
    }
}

/// A refund's form: the charge, and the amount when only part of it goes back.
fn refund_form(
    field: &'static str,
    charge_id: &str,
    amount_cents: Option<i64>,
) -> Vec<(&'static str, String)> {
    let mut form = vec![(field, charge_id.to_owned())];
    if let Some(cents) = amount_cents {
        form.push(("amount", cents.to_string()));
    }
    form
}
