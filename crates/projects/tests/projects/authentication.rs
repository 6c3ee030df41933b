//! A card whose bank wants each charge authenticated (issue 42, finding 8; the test card ending
//! 3155, Stripe's `requires_action`): an off-session charge cannot be made, and before, the
//! donor could only give the same card again, which failed again, until the pledge lapsed.
//! Now the donor is asked to confirm the payment, confirms it with their bank on-session, and
//! the charge the processor collected is recorded once, as any charge.

use projects::service::{authentication, charging};
use serde_json::{Value, json};
use testkit::TestApp;
use testkit::spawn_app;

use super::campaigns::*;

const ASKS: [&str; 3] = ["4242424242424242", "4000002500003155", "4242424242424242"];

/// The donor's bank answers its challenge (the test processor's page).
async fn bank_answers(app: &TestApp, challenge: &Value, approve: bool) -> (u16, Value) {
    app.post_json(
        &format!(
            "/api/test-processor/charges/{}/authenticate",
            challenge["charge_id"].as_str().unwrap()
        ),
        &json!({"client_secret": challenge["client_secret"], "approve": approve}),
    )
    .await
}

async fn challenge(app: &TestApp, token: &str, pledge: i64) -> (u16, Value) {
    let (status, body) = app
        .post_json_as(
            token,
            &format!("/api/me/pledges/{pledge}/authentication"),
            &json!({}),
        )
        .await;
    (status, body["data"].clone())
}

async fn complete(app: &TestApp, token: &str, pledge: i64) -> (u16, Value) {
    app.post_json_as(
        token,
        &format!("/api/me/pledges/{pledge}/authentication/complete"),
        &json!({}),
    )
    .await
}

#[tokio::test]
async fn a_charge_the_bank_wants_authenticated_is_confirmed_by_its_donor_and_recorded_once() {
    let app = spawn_app().await;
    let (admin, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let mine = pledge_of(&app, donor, pledge).await;
    assert_eq!(
        (
            &mine["status"],
            &mine["failure_code"],
            &mine["needs_authentication"]
        ),
        (
            &json!("failed"),
            &json!("authentication_required"),
            &json!(true)
        ),
        "{mine}"
    );
    assert!(
        notice_titles(&app, donor)
            .await
            .contains(&"Confirm your payment".to_owned())
    );

    // What the donor had before: the same card again fails again.
    let (status, again) = new_card(&app, donor, pledge, ASKS[1]).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["data"]["status"], "failed");
    assert_eq!(again["data"]["needs_authentication"], true);

    // Nobody else gets the challenge; an answer before the bank's is refused.
    let (status, _) = challenge(&app, &c.backers[0].0, pledge).await;
    assert_eq!(status, 404);
    let (status, body) = complete(&app, donor, pledge).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some(authentication::NOT_CONFIRMED))
    );

    let (status, asked) = challenge(&app, donor, pledge).await;
    assert_eq!(status, 201, "{asked}");
    assert_eq!(
        (&asked["processor"], &asked["amount_cents"]),
        (&json!("test"), &json!(1_000_000))
    );
    let forged = json!({"charge_id": asked["charge_id"], "client_secret": "ch_forged_secret"});
    assert_eq!(
        bank_answers(&app, &forged, true).await.0,
        400,
        "the secret is checked"
    );
    let (status, body) = bank_answers(&app, &asked, true).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        bank_answers(&app, &asked, true).await.0,
        400,
        "answered once"
    );

    let (status, done) = complete(&app, donor, pledge).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(
        (
            &done["data"]["status"],
            &done["data"]["needs_authentication"]
        ),
        (&json!("charged"), &json!(false))
    );
    let (status, body) = complete(&app, donor, pledge).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some(authentication::NO_AUTHENTICATION))
    );

    // Nothing waits any more: the project is funded and paid out, the books agree.
    funding_reaches(&app, &c.slug, "disbursed").await;
    let totals = ledger_matches(&app, &c).await;
    assert_eq!(
        (totals.collected_cents, totals.paid_out_cents),
        (2_500_000, 2_275_000)
    );
    each_pledge_charged_once(&app, &admin).await;
}

#[tokio::test]
async fn a_refused_challenge_leaves_the_pledge_to_a_new_card() {
    let app = spawn_app().await;
    let (_, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let (_, asked) = challenge(&app, donor, pledge).await;
    assert_eq!(bank_answers(&app, &asked, false).await.0, 200);
    let (status, body) = complete(&app, donor, pledge).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some(authentication::NOT_CONFIRMED))
    );
    let (status, body) = challenge(&app, donor, pledge).await;
    assert_eq!(status, 400, "the bank's refusal ends that charge: {body}");

    let (status, updated) = new_card(&app, donor, pledge, "4242424242424242").await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["data"]["status"], "charged");
    assert_eq!(ledger_matches(&app, &c).await.collected_cents, 2_500_000);
}

/// The donor confirmed with their bank and closed the page before Cohort heard of it: when
/// the grace period ends the charge is found and recorded rather than the pledge lapsed.
#[tokio::test]
async fn a_donor_who_confirms_and_leaves_is_recorded_when_the_grace_period_ends() {
    let app = spawn_app().await;
    let (_, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let (_, asked) = challenge(&app, donor, pledge).await;
    assert_eq!(bank_answers(&app, &asked, true).await.0, 200);

    kernel::clock::advance(chrono::Duration::days(8));
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(pledge_of(&app, donor, pledge).await["status"], "charged");
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(funding(&app, &c.slug).await["state"], "disbursed");
    assert_eq!(ledger_matches(&app, &c).await.collected_cents, 2_500_000);
}

/// The owner refunded while the donor was at their bank's page: the pledge was let go, and
/// the money the bank then released comes straight back, recorded both ways.
#[tokio::test]
async fn a_payment_confirmed_after_a_refund_is_refunded_at_once() {
    let app = spawn_app().await;
    let (admin, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let (_, asked) = challenge(&app, donor, pledge).await;
    let (status, body) = refund_as(&app, &c.owner, &c).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(pledge_of(&app, donor, pledge).await["status"], "released");
    let (status, _) = challenge(&app, donor, pledge).await;
    assert_eq!(status, 400, "no challenge for a pledge let go");

    assert_eq!(bank_answers(&app, &asked, true).await.0, 200);
    let (status, done) = complete(&app, donor, pledge).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["data"]["status"], "released");
    let totals = ledger_matches(&app, &c).await;
    assert_eq!(
        totals.collected_cents, 0,
        "every charge refunded, this one too"
    );
    let (_, report) = app
        .get_json_as(&admin, "/api/staff/funding-reconciliation")
        .await;
    assert_eq!(report["data"]["discrepancies"], json!([]), "{report}");
}

/// The donor's page sent twice and a retry at once (two tabs, a double click): the charge is
/// recorded once, whoever comes first, and nobody gets a 5xx.
#[tokio::test]
async fn a_confirmation_sent_four_times_at_once_records_the_charge_once() {
    let app = spawn_app().await;
    let (_, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let (_, asked) = challenge(&app, donor, pledge).await;
    assert_eq!(bank_answers(&app, &asked, true).await.0, 200);
    let answers =
        futures_util::future::join_all((0..4).map(|_| complete(&app, donor, pledge))).await;
    for (status, body) in &answers {
        assert!(*status == 200 || *status == 400, "{status}: {body}");
    }
    assert!(answers.iter().any(|(status, _)| *status == 200));
    let charged = projects::service::ledger::entries(&app.ctx.db, c.id)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == projects::enums::LedgerKind::Charged && e.pledge_id == Some(pledge))
        .count();
    assert_eq!(charged, 1, "one charge recorded");
    assert_eq!(pledge_of(&app, donor, pledge).await["status"], "charged");
    funding_reaches(&app, &c.slug, "disbursed").await;
    assert_eq!(ledger_matches(&app, &c).await.collected_cents, 2_500_000);
}

/// The processor collected one charge per pledge and the reconciliation finds nothing.
async fn each_pledge_charged_once(app: &TestApp, admin: &str) {
    let charged_keys = succeeded_charges(app).await;
    assert_eq!(
        charged_keys.len(),
        3,
        "each pledge charged once: {charged_keys:?}"
    );
    let (_, report) = app
        .get_json_as(admin, "/api/staff/funding-reconciliation")
        .await;
    assert_eq!(report["data"]["discrepancies"], json!([]), "{report}");
}

/// The donor asked their bank, then gave a new card before answering it (found by the money
/// torture test: the bank's later "yes" collected the first charge, which nothing recorded,
/// beside the new card's): the new card cancels the charge it replaces, so the bank's answer
/// is refused and the donor pays once.
#[tokio::test]
async fn a_new_card_cancels_the_charge_its_bank_was_asked_about() {
    let app = spawn_app().await;
    let (admin, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let (status, asked) = challenge(&app, donor, pledge).await;
    assert_eq!(status, 201, "{asked}");

    let (status, updated) = new_card(&app, donor, pledge, "4242424242424242").await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["data"]["status"], "charged");
    let (status, body) = bank_answers(&app, &asked, true).await;
    assert_eq!(status, 400, "the replaced charge is cancelled: {body}");
    let (status, body) = complete(&app, donor, pledge).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some(authentication::NO_AUTHENTICATION))
    );

    funding_reaches(&app, &c.slug, "disbursed").await;
    assert_eq!(ledger_matches(&app, &c).await.collected_cents, 2_500_000);
    each_pledge_charged_once(&app, &admin).await;
}

/// The donor's bank collected the charge, then the donor gave a new card without coming back
/// to Cohort first: the charge collected is the pledge's, recorded, and the new card is not
/// charged.
#[tokio::test]
async fn a_new_card_after_the_bank_said_yes_keeps_the_charge_collected() {
    let app = spawn_app().await;
    let (admin, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let (_, asked) = challenge(&app, donor, pledge).await;
    assert_eq!(bank_answers(&app, &asked, true).await.0, 200);

    let (status, updated) = new_card(&app, donor, pledge, "4242424242424242").await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(
        (&updated["data"]["status"], &updated["data"]["card_last4"]),
        (&json!("charged"), &json!("3155")),
        "the card the bank confirmed paid: {updated}"
    );

    funding_reaches(&app, &c.slug, "disbursed").await;
    assert_eq!(ledger_matches(&app, &c).await.collected_cents, 2_500_000);
    each_pledge_charged_once(&app, &admin).await;
}

/// The charge its donor's bank collected was claimed for recording (a grace period's end, the
/// donor's page or the processor's webhook) and the process was killed before it recorded it:
/// the sweep records that charge, rather than ask again with the attempt's key, which
/// recorded the attempt's failure, and fail on it at every run while the project never settles.
#[tokio::test]
async fn a_confirmed_charge_cut_short_before_it_was_recorded_is_recorded_by_the_sweep() {
    use sea_orm::ConnectionTrait;
    let app = spawn_app().await;
    let (admin, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let (_, asked) = challenge(&app, donor, pledge).await;
    assert_eq!(bank_answers(&app, &asked, true).await.0, 200);
    // All `charging::authenticated` wrote before the kill: its claim.
    let claim = format!("UPDATE project_pledges SET status = 'charging' WHERE id = {pledge}");
    app.ctx.db.execute_unprepared(&claim).await.unwrap();

    charging::resume(&app.ctx, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(pledge_of(&app, donor, pledge).await["status"], "charged");
    assert_eq!(funding(&app, &c.slug).await["state"], "disbursed");
    assert_eq!(ledger_matches(&app, &c).await.collected_cents, 2_500_000);
    each_pledge_charged_once(&app, &admin).await;
}

/// The donor's bank says yes (and the page completes it) while the donor gives a new card in
/// another tab, at once, five times over: whichever wins, the pledge is charged once and the
/// books agree with the processor.
#[tokio::test]
async fn a_new_card_and_the_banks_yes_at_once_charge_the_pledge_once() {
    let app = spawn_app().await;
    let (admin, c) = charged(&app, ASKS).await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let (_, asked) = challenge(&app, donor, pledge).await;
    let bank_then_page = async {
        bank_answers(&app, &asked, true).await;
        complete(&app, donor, pledge).await
    };
    let ((paged, _), (carded, body)) = futures_util::join!(
        bank_then_page,
        new_card(&app, donor, pledge, "4242424242424242")
    );
    assert!(paged == 200 || paged == 400, "{paged}");
    assert!(carded == 200 || carded == 400, "{carded}: {body}");
    assert_eq!(pledge_of(&app, donor, pledge).await["status"], "charged");
    funding_reaches(&app, &c.slug, "disbursed").await;
    assert_eq!(ledger_matches(&app, &c).await.collected_cents, 2_500_000);
    each_pledge_charged_once(&app, &admin).await;
}
