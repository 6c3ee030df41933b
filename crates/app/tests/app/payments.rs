//! The payment port's two processors: the built-in test processor (its state in the
//! database) and the Stripe adapter against a localstripe started for the test.

use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use kernel::AppError;
use kernel::payments::{ChargeOutcome, ChargeRequest, PaymentProvider, ProcessorKind};
use payments::stripe::{StripeProvider, StripeSettings};
use payments::test_processor::{CardInput, INVALID_NUMBER, TestProcessor};
use serde_json::json;
use testkit::spawn_app;

fn card(number: &str) -> CardInput {
    CardInput {
        number: number.into(),
        exp_month: 12,
        exp_year: 2035,
        cvc: "123".into(),
    }
}

fn charge<'a>(customer: &'a str, method: &'a str, key: &'a str) -> ChargeRequest<'a> {
    ChargeRequest {
        customer_id: customer,
        method_id: method,
        amount_cents: 2_500,
        currency: "cad",
        idempotency_key: key,
        description: "Pledge to Early sepsis",
    }
}

/// A customer with the test card `number` saved through the processor's card form.
async fn saved_card(processor: &TestProcessor, number: &str) -> (String, String) {
    let customer = processor.create_customer("member-7").await.unwrap();
    let setup = processor.start_setup(&customer).await.unwrap();
    assert_eq!(
        processor.saved_method(&setup.id).await.unwrap(),
        None,
        "not confirmed yet"
    );
    let saved = processor
        .confirm_setup(&setup.id, &setup.client_secret, &card(number))
        .await
        .unwrap();
    assert_eq!(
        processor.saved_method(&setup.id).await.unwrap().as_ref(),
        Some(&saved)
    );
    (customer, saved.id)
}

#[tokio::test]
async fn the_test_processor_behaves_like_a_processors_test_mode() {
    let app = spawn_app().await;
    assert_eq!(app.ctx.payments.kind(), ProcessorKind::Test);
    let processor = payments::test_processor::TestProcessor::of(&app.ctx)
        .cloned()
        .expect("the embedded default");

    // Only the brand and last four digits are kept of a card.
    let customer = processor.create_customer("member-7").await.unwrap();
    let setup = processor.start_setup(&customer).await.unwrap();
    let wrong = processor
        .confirm_setup(&setup.id, "seti_wrong_secret", &card("4242424242424242"))
        .await;
    assert!(
        matches!(
            wrong,
            Err(AppError::Client {
                code: "unknown_setup",
                ..
            })
        ),
        "{wrong:?}"
    );
    let Err(AppError::Validation(errors)) = processor
        .confirm_setup(
            &setup.id,
            &setup.client_secret,
            &card("4242 4242 4242 4241"),
        )
        .await
    else {
        panic!("a number failing its checksum was saved");
    };
    assert_eq!(errors["number"], [INVALID_NUMBER]);
    let saved = processor
        .confirm_setup(
            &setup.id,
            &setup.client_secret,
            &card("4242 4242 4242 4242"),
        )
        .await
        .unwrap();
    assert_eq!(
        (saved.brand.as_str(), saved.last4.as_str()),
        ("visa", "4242")
    );

    // 4242 succeeds, once per idempotency key however often it is sent.
    let first = processor
        .charge(&charge(&customer, &saved.id, "pledge-1"))
        .await
        .unwrap();
    let again = processor
        .charge(&charge(&customer, &saved.id, "pledge-1"))
        .await
        .unwrap();
    let ChargeOutcome::Succeeded { charge_id } = &first else {
        panic!("{first:?}")
    };
    assert_eq!(first, again);
    assert_eq!(processor.charges().await.unwrap().len(), 1);

    // The endings of the test numbers: declined, insufficient funds, authentication.
    for (number, expected) in [
        ("4000000000000002", "card_declined"),
        ("4000000000009995", "insufficient_funds"),
    ] {
        let (customer, method) = saved_card(&processor, number).await;
        let outcome = processor
            .charge(&charge(&customer, &method, number))
            .await
            .unwrap();
        assert!(
            matches!(&outcome, ChargeOutcome::Declined { code, .. } if code == expected),
            "{number}: {outcome:?}"
        );
    }
    let (customer_3ds, method_3ds) = saved_card(&processor, "4000002500003155").await;
    let outcome = processor
        .charge(&charge(&customer_3ds, &method_3ds, "3ds"))
        .await
        .unwrap();
    let ChargeOutcome::NeedsAuthentication { charge_id: held } = &outcome else {
        panic!("{outcome:?}")
    };
    // A waiting charge cancelled is never collected; a collected one is not cancelled.
    let secret = processor
        .authentication_secret(held)
        .await
        .unwrap()
        .unwrap();
    assert!(processor.cancel_charge(held).await.unwrap());
    assert!(processor.authenticate(held, &secret, true).await.is_err());
    assert!(processor.cancel_charge(held).await.unwrap());
    assert!(!processor.cancel_charge(charge_id).await.unwrap());
    let other_customer = processor
        .charge(&charge(&customer_3ds, &saved.id, "theirs"))
        .await;
    assert!(
        other_customer.is_err(),
        "a card charges only for its own customer"
    );

    // A refund is made once; another key cannot refund the same charge again.
    let refund = processor.refund(charge_id, None, "refund-1").await.unwrap();
    assert_eq!(refund.amount_cents, 2_500);
    assert_eq!(
        processor.refund(charge_id, None, "refund-1").await.unwrap(),
        refund
    );
    assert!(processor.refund(charge_id, None, "refund-2").await.is_err());
}

#[tokio::test]
async fn the_same_idempotency_key_sent_at_once_charges_once() {
    let app = spawn_app().await;
    let processor = payments::test_processor::TestProcessor::of(&app.ctx)
        .cloned()
        .expect("the embedded default");
    let (customer, method) = saved_card(&processor, "4242424242424242").await;
    let attempts = (0..8).map(|_| {
        let processor = processor.clone();
        let (customer, method) = (customer.clone(), method.clone());
        async move {
            processor
                .charge(&charge(&customer, &method, "pledge-7-charge"))
                .await
        }
    });
    let outcomes = futures_util::future::join_all(attempts).await;
    let first = outcomes[0].as_ref().unwrap();
    assert!(
        outcomes.iter().all(|o| o.as_ref().ok() == Some(first)),
        "{outcomes:?}"
    );
    assert_eq!(processor.charges().await.unwrap().len(), 1);
}

/// The webhooks a sink received: each body with its signature header.
type Deliveries = Arc<Mutex<Vec<(Vec<u8>, String)>>>;

/// A local endpoint that keeps the webhooks delivered to it.
async fn webhook_sink() -> (String, Deliveries) {
    let received: Deliveries = Arc::default();
    let kept = received.clone();
    let server = HttpServer::new(move || {
        let kept = kept.clone();
        App::new().route(
            "/webhooks",
            web::post().to(move |request: HttpRequest, body: web::Bytes| {
                let kept = kept.clone();
                async move {
                    let signature = request
                        .headers()
                        .get("Stripe-Signature")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default()
                        .to_owned();
                    kept.lock().unwrap().push((body.to_vec(), signature));
                    HttpResponse::Ok().finish()
                }
            }),
        )
    })
    .workers(1)
    .bind(("127.0.0.1", 0))
    .unwrap();
    let port = server.addrs()[0].port();
    tokio::spawn(server.run());
    (format!("http://127.0.0.1:{port}/webhooks"), received)
}

#[tokio::test]
async fn the_stripe_adapter_saves_charges_refunds_and_verifies_webhooks_against_localstripe() {
    let stripe = testkit::localstripe::start().await;
    let secret = "whsec_cohort_test";
    let (sink, received) = webhook_sink().await;
    stripe
        .post(
            "/_config/webhooks/cohort",
            &[("url", &sink), ("secret", secret)],
        )
        .await;
    let provider = StripeProvider::new(StripeSettings {
        api_url: stripe.url.clone(),
        secret_key: "sk_test_cohort".into(),
        webhook_secret: secret.into(),
    });
    assert_eq!(provider.kind(), ProcessorKind::Stripe);

    // The browser confirms the setup with Stripe.js; here the same call, made directly.
    let saved_card = |number: &'static str| {
        let (provider, stripe) = (&provider, &stripe);
        async move {
            let customer = provider.create_customer("member-7").await.unwrap();
            let setup = provider.start_setup(&customer).await.unwrap();
            assert!(setup.client_secret.starts_with(&setup.id));
            assert_eq!(provider.saved_method(&setup.id).await.unwrap(), None);
            testkit::localstripe::confirm_setup(&stripe.url, &setup.id, number).await;
            let saved = provider
                .saved_method(&setup.id)
                .await
                .unwrap()
                .expect("saved");
            assert_eq!(saved.last4, &number[12..]);
            (customer, saved.id)
        }
    };

    let (customer, method) = saved_card("4242424242424242").await;
    let outcome = provider
        .charge(&charge(&customer, &method, "pledge-1"))
        .await
        .unwrap();
    let ChargeOutcome::Succeeded { charge_id } = outcome else {
        panic!("{outcome:?}")
    };
    assert!(charge_id.starts_with("pi_"), "{charge_id}");
    let record = |id: String| {
        let provider = &provider;
        async move { provider.charge_record(&id).await.unwrap() }
    };
    let collected = kernel::payments::ChargeRecord {
        amount_cents: 2_500,
        succeeded: true,
        refunded_cents: 0,
    };
    assert_eq!(record(charge_id.clone()).await, Some(collected.clone()));
    let refund = provider.refund(&charge_id, None, "refund-1").await.unwrap();
    assert_eq!(refund.amount_cents, 2_500);
    assert_eq!(
        record(charge_id.clone()).await,
        Some(kernel::payments::ChargeRecord {
            refunded_cents: 2_500,
            ..collected
        }),
        "the reconciliation sees the refund"
    );
    assert_eq!(record("pi_none".into()).await, None);
    // An abandoned escrow refunds each donor a share of their charge (issue 50): part of it.
    // (A key of its own: localstripe, like Stripe, refuses a key reused for another charge.)
    let outcome = provider
        .charge(&charge(&customer, &method, "pledge-5"))
        .await
        .unwrap();
    let ChargeOutcome::Succeeded { charge_id: shared } = outcome else {
        panic!("{outcome:?}")
    };
    let part = provider
        .refund(&shared, Some(1_001), "pledge-5-escrow-refund")
        .await
        .unwrap();
    assert_eq!(part.amount_cents, 1_001);
    assert_eq!(
        record(shared).await.map(|r| r.refunded_cents),
        Some(1_001),
        "the rest of the charge is kept"
    );
    // Reconciliation lists the processor's charges: this one, with its key and its refund.
    let listed = provider.list_charges().await.unwrap();
    let ours = listed.iter().find(|c| c.id == charge_id).expect("listed");
    assert_eq!(
        (
            ours.amount_cents,
            ours.succeeded,
            ours.refunded_cents,
            ours.key.as_deref()
        ),
        (2_500, true, 2_500, Some("pledge-1"))
    );

    // Stripe's card that saves but is refused when charged.
    let (customer, method) = saved_card("4000000000000341").await;
    let declined = provider
        .charge(&charge(&customer, &method, "pledge-2"))
        .await
        .unwrap();
    assert!(
        matches!(&declined, ChargeOutcome::Declined { code, .. } if code == "card_declined"),
        "{declined:?}"
    );

    // A card whose bank wants the charge authenticated (3-D Secure): the off-session charge
    // waits for its card holder; the PaymentIntent's client secret is what Stripe.js's
    // `confirmCardPayment` completes on-session (here localstripe's own call for it), and the
    // charge is then collected.
    // (localstripe leaves a setup with this card waiting for the bank too, so the card is
    // attached to the customer directly.)
    let customer = provider.create_customer("member-8").await.unwrap();
    let card = [
        ("type", "card"),
        ("card[number]", "4000002500003155"),
        ("card[exp_month]", "12"),
        ("card[exp_year]", "2035"),
        ("card[cvc]", "123"),
    ];
    let method = stripe.post("/v1/payment_methods", &card).await;
    let method = method["id"].as_str().unwrap().to_owned();
    stripe
        .post(
            &format!("/v1/payment_methods/{method}/attach"),
            &[("customer", customer.as_str())],
        )
        .await;
    let held = provider
        .charge(&charge(&customer, &method, "pledge-3"))
        .await
        .unwrap();
    let ChargeOutcome::NeedsAuthentication { charge_id: held } = held else {
        panic!("{held:?}")
    };
    assert!(!record(held.clone()).await.unwrap().succeeded);
    let secret = provider
        .authentication_secret(&held)
        .await
        .unwrap()
        .expect("a charge waiting for its card holder has a secret");
    assert!(secret.starts_with(&format!("{held}_secret_")), "{secret}");
    assert_eq!(
        provider.authentication_secret(&charge_id).await.unwrap(),
        None,
        "a collected charge waits for nobody"
    );
    stripe
        .post(
            &format!("/v1/payment_intents/{held}/_authenticate?success=true"),
            &[("client_secret", secret.as_str())],
        )
        .await;
    assert!(record(held.clone()).await.unwrap().succeeded);
    assert_eq!(provider.authentication_secret(&held).await.unwrap(), None);
    // A waiting charge Cohort cancels (its donor gave a new card) is never collected; one
    // its card holder's bank collected first is not cancelled, and says so.
    assert!(
        !provider.cancel_charge(&held).await.unwrap(),
        "collected first"
    );
    let replaced = provider
        .charge(&charge(&customer, &method, "pledge-3-charge-1"))
        .await
        .unwrap();
    let ChargeOutcome::NeedsAuthentication {
        charge_id: replaced,
    } = replaced
    else {
        panic!("{replaced:?}")
    };
    assert!(provider.cancel_charge(&replaced).await.unwrap());
    assert!(
        provider.cancel_charge(&replaced).await.unwrap(),
        "cancelled before is cancelled still"
    );
    assert_eq!(
        provider.authentication_secret(&replaced).await.unwrap(),
        None
    );
    assert!(!record(replaced).await.unwrap().succeeded);

    // localstripe signs its webhooks as Stripe does; the adapter verifies them.
    let mut delivered = Vec::new();
    for _ in 0..50 {
        delivered = received.lock().unwrap().clone();
        if delivered
            .iter()
            .any(|(body, _)| String::from_utf8_lossy(body).contains("payment_intent.succeeded"))
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (body, signature) = delivered
        .iter()
        .find(|(body, _)| String::from_utf8_lossy(body).contains("payment_intent.succeeded"))
        .expect("the success webhook was delivered");
    let event = provider
        .verify_webhook(body, signature, kernel::clock::now())
        .unwrap();
    assert_eq!(event.kind, "payment_intent.succeeded");
    assert_eq!(event.object_id.as_deref(), Some(charge_id.as_str()));
    let mut tampered = body.clone();
    tampered.push(b' ');
    assert!(
        provider
            .verify_webhook(&tampered, signature, kernel::clock::now())
            .is_err()
    );
}

/// Issue 50: a funded project is paid out one transfer per milestone tranche to its owner's
/// Connect account, each under its key, and a transfer is taken back by a reversal (the
/// owner's refund after a tranche). localstripe lacks Connect: `scripts/localstripe_connect.py`
/// adds it in localstripe's own style, with Stripe's idempotency keys.
#[tokio::test]
async fn the_stripe_adapter_pays_each_tranche_once_and_reverses_it_against_localstripe() {
    use kernel::payments::PayoutRequest;
    let stripe = testkit::localstripe::start().await;
    let provider = StripeProvider::new(StripeSettings {
        api_url: stripe.url.clone(),
        secret_key: "sk_test_cohort".into(),
        webhook_secret: "whsec_cohort_test".into(),
    });
    let account = provider.create_payout_account("member-7").await.unwrap();
    assert!(account.starts_with("acct_"), "{account}");
    assert_eq!(verified(&provider, &account).await, Some(false));
    assert_eq!(verified(&provider, "acct_none").await, None);
    let tranche = |cents: i64, key: &'static str| PayoutRequest {
        account_id: &account,
        amount_cents: cents,
        currency: "cad",
        idempotency_key: key,
    };
    assert!(
        provider
            .pay_out(&tranche(796_253, "project-9-tranche-1"))
            .await
            .is_err(),
        "no transfer before the owner is onboarded"
    );

    // The owner completes Stripe's onboarding form (opening the link does, in the stand-in)
    // and comes back to Cohort.
    let back = "https://cohort.example.org/me/payouts";
    let link = provider.onboarding_url(&account, back).await.unwrap();
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let opened = no_redirects.get(&link).send().await.unwrap();
    assert_eq!(opened.status(), 302);
    assert_eq!(opened.headers()["location"], back);
    assert_eq!(verified(&provider, &account).await, Some(true));

    // Each tranche is one transfer, however often (and however at once) its key is sent.
    let one = tranche(796_253, "project-9-tranche-1");
    let (first, again) = tokio::join!(provider.pay_out(&one), provider.pay_out(&one));
    let first = first.unwrap();
    assert!(first.starts_with("tr_"), "{first}");
    assert_eq!(again.unwrap(), first, "the same key pays once");
    let second = provider
        .pay_out(&tranche(1_478_747, "project-9-tranche-2"))
        .await
        .unwrap();
    assert_ne!(second, first);
    assert!(
        provider
            .pay_out(&tranche(1, "project-9-tranche-2"))
            .await
            .is_err(),
        "a key is not reused for another amount"
    );
    let listed = stripe.get("/v1/transfers").await;
    let mut sent: Vec<(i64, String)> = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            assert_eq!(t["destination"], account.as_str());
            assert_eq!(t["currency"], "cad");
            (
                t["amount"].as_i64().unwrap(),
                t["metadata"]["idempotency_key"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
            )
        })
        .collect();
    sent.sort();
    assert_eq!(
        sent,
        [
            (796_253, "project-9-tranche-1".to_owned()),
            (1_478_747, "project-9-tranche-2".to_owned())
        ],
        "two transfers, one per tranche"
    );

    // Taken back: the whole transfer, once.
    let reversal = provider
        .reverse_payout(&first, "project-9-tranche-1-reversal")
        .await
        .unwrap();
    assert!(reversal.starts_with("trr_"), "{reversal}");
    assert_eq!(
        provider
            .reverse_payout(&first, "project-9-tranche-1-reversal")
            .await
            .unwrap(),
        reversal
    );
    let reversed = stripe.get(&format!("/v1/transfers/{first}")).await;
    assert_eq!(
        (&reversed["amount_reversed"], &reversed["reversed"]),
        (&json!(796_253), &json!(true))
    );
    let untouched = stripe.get(&format!("/v1/transfers/{second}")).await;
    assert_eq!(untouched["amount_reversed"], 0);
}

/// Whether Stripe lets `account` take transfers (none: no such account).
async fn verified(provider: &StripeProvider, account: &str) -> Option<bool> {
    provider
        .payout_account(account)
        .await
        .unwrap()
        .map(|a| a.verified)
}
