//! Milestone escrow through the Stripe adapter against localstripe (with the Connect
//! transfers `scripts/localstripe_connect.py` adds): the donors' cards are charged off
//! session, each verified milestone is one transfer to the owner's Connect account under its
//! tranche key, and a project ended on a milestone sent back twice refunds the rest to the
//! donors as partial refunds of their charges, pro rata to the cent. Reconciliation, which
//! reads the charges and transfers from Stripe, is clean after every step.

use kernel::config::{Payments, StripeKeys};
use projects::service::charging;
use serde_json::{Value, json};
use testkit::localstripe::LocalStripe;
use testkit::projects::{content_expert, payout_ready};
use testkit::{TestApp, spawn_app_with};

use super::campaigns::*;
use super::escrow::{clean, decide, escrow_of, report};

async fn on_stripe(stripe: &LocalStripe) -> TestApp {
    let url = stripe.url.clone();
    spawn_app_with(move |config| {
        config.payments = Payments::Stripe(StripeKeys {
            secret_key: "sk_test_cohort".into(),
            publishable_key: "pk_test_cohort".into(),
            js_url: format!("{url}/js.stripe.com/v3/"),
            api_url: url,
        });
        config.payments_webhook_secret = Some("whsec_cohort_test".into());
    })
    .await
}

/// Stripe's transfers: (amount, key, destination), by key.
async fn transfers(stripe: &LocalStripe) -> Vec<(i64, String, String)> {
    let listed = stripe.get("/v1/transfers?limit=100").await;
    let mut all: Vec<(i64, String, String)> = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["amount"].as_i64().unwrap(),
                t["metadata"]["idempotency_key"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
                t["destination"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    all.sort_by(|a, b| a.1.cmp(&b.1));
    all
}

/// What Stripe refunded of each charge, smallest first.
async fn refunded(stripe: &LocalStripe) -> Vec<i64> {
    let listed = stripe
        .get("/v1/payment_intents?limit=100&expand[]=data.latest_charge")
        .await;
    let mut all: Vec<i64> = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            i["latest_charge"]["amount_refunded"]
                .as_i64()
                .unwrap_or_default()
        })
        .collect();
    all.sort_unstable();
    all
}

/// A campaign on Stripe whose three donors' cards are charged and whose funds are in escrow
/// (milestones whose tranches are 796,253 and 1,478,747 cents); the admin's and a Content
/// Expert's tokens.
async fn in_escrow_on_stripe(app: &TestApp, stripe: &LocalStripe) -> (String, String, Campaign) {
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let milestones = json!([
        {"title": "Recruitment", "amount_cents": 700_003, "description": "Two research nurses."},
        {"title": "Analysis", "amount_cents": 1_299_997, "description": "The statistician."}
    ]);
    let c = at_goal_with(app, &admin, ["4242424242424242"; 3], milestones).await;
    payout_ready(app, &c.owner).await;
    approve(app, &c).await;
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(funding(app, &c.slug).await["state"], "in_escrow");
    assert_eq!(
        escrow_of(app, &c.slug, &c.owner).await["held_cents"],
        2_275_000
    );
    assert!(transfers(stripe).await.is_empty(), "nothing paid out yet");
    clean(app, &admin).await;
    let expert = content_expert(app, "expert2@example.org").await;
    (admin, expert, c)
}

#[tokio::test]
async fn each_tranche_is_a_stripe_transfer_and_an_ended_project_refunds_through_stripe() {
    let stripe = testkit::localstripe::start().await;
    let app = on_stripe(&stripe).await;
    let (admin, expert, c) = in_escrow_on_stripe(&app, &stripe).await;

    // Milestone 1 reported and verified: one transfer, to the owner's Connect account.
    assert_eq!(report(&app, &c, 1, json!([])).await.0, 200);
    let (status, body) = decide(&app, &expert, &c, 1, "verify").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["paid"], true, "{body}");
    let sent = transfers(&stripe).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(
        (sent[0].0, sent[0].1.as_str()),
        (796_253, format!("project-{}-tranche-1", c.id).as_str())
    );
    assert!(sent[0].2.starts_with("acct_"), "{sent:?}");
    clean(&app, &admin).await;

    // Milestone 2 sent back twice: the project ends and the rest, 1,478,747 cents, goes back
    // to the donors of CA$10,000, CA$10,000 and CA$5,000 through Stripe's partial refunds.
    for _ in 0..2 {
        assert_eq!(report(&app, &c, 2, json!([])).await.0, 200);
        let (status, body): (u16, Value) = decide(&app, &expert, &c, 2, "return").await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(funding(&app, &c.slug).await["state"], "abandoned");
    assert_eq!(refunded(&stripe).await, [295_749, 591_499, 591_499]);
    assert_eq!(transfers(&stripe).await.len(), 1, "no second tranche");
    let escrow = escrow_of(&app, &c.slug, &c.owner).await;
    assert_eq!(
        (
            &escrow["held_cents"],
            &escrow["paid_out_cents"],
            &escrow["returned_cents"]
        ),
        (&json!(0), &json!(796_253), &json!(1_478_747))
    );
    clean(&app, &admin).await;
}

#[tokio::test]
async fn an_owners_refund_after_a_tranche_reverses_its_stripe_transfer() {
    let stripe = testkit::localstripe::start().await;
    let app = on_stripe(&stripe).await;
    let (admin, expert, c) = in_escrow_on_stripe(&app, &stripe).await;
    assert_eq!(report(&app, &c, 1, json!([])).await.0, 200);
    assert_eq!(decide(&app, &expert, &c, 1, "verify").await.0, 200);
    let (status, body) = refund_as(&app, &c.owner, &c).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(funding(&app, &c.slug).await["state"], "refunded");
    let listed = stripe.get("/v1/transfers?limit=100").await;
    let transfer = &listed["data"][0];
    assert_eq!(
        (&transfer["amount_reversed"], &transfer["reversed"]),
        (&json!(796_253), &json!(true)),
        "the tranche paid is taken back: {listed}"
    );
    assert_eq!(
        refunded(&stripe).await,
        [500_000, 1_000_000, 1_000_000],
        "every donor gets everything back, the fee too"
    );
    clean(&app, &admin).await;
}
