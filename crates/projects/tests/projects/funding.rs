//! Final approval and the money after it, against the built-in test processor: a Content
//! Expert (appointed by an admin) approves a project whose pledges reached the goal once its
//! owner's payout account is verified; each pledge is charged exactly once (a run cut short
//! resumes without charging twice); a declined card is replaced within the grace period and
//! charged; the fee is kept and the rest paid out once; the owner refunds everything. The
//! project's totals are always its ledger's sums.

use kernel::payments::PaymentProvider;
use payments::test_processor::ChargeStatus;
use projects::service::{charging, ledger};
use serde_json::{Value, json};
use testkit::projects::{card, content_expert, make_eligible, payout_ready};
use testkit::spawn_app;

use super::campaigns::*;

#[tokio::test]
async fn a_content_expert_approves_then_each_pledge_is_charged_once_and_paid_out() {
    let app = spawn_app().await;
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(
        &app,
        &admin,
        ["4242424242424242", "4000000000000002", "4242424242424242"],
    )
    .await;
    let decide = format!("/api/staff/projects/{}/funding", c.id);
    let (_, page) = app.get_json(&format!("/api/projects/{}", c.slug)).await;
    assert_eq!(
        page["data"]["prize"]["raised_cents"], 2_500_000,
        "the prize counts what is crowdfunded"
    );

    // Staff see the queue; only Content Experts decide, and only admins appoint them.
    let (status, queue) = app
        .get_json_as(&admin, "/api/staff/funding-approvals")
        .await;
    assert_eq!(
        (status, queue["data"][0]["slug"].as_str()),
        (200, Some(c.slug.as_str()))
    );
    let (_, file) = app.get_json_as(&admin, &decide).await;
    assert_eq!(file["data"]["can_decide"], false);
    // The file says why (issue 43, item 5: it showed no buttons and no reason).
    assert_eq!(
        file["data"]["cannot_decide"],
        "Only Content Experts give final approval."
    );
    let (status, body) = app
        .post_json_as(&admin, &decide, &json!({"verdict": "approve"}))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (403, Some("Only Content Experts give final approval."))
    );
    let (status, _) = app
        .post_json_as(&c.owner, &decide, &json!({"verdict": "approve"}))
        .await;
    assert_eq!(status, 404, "members do not reach the console");
    let expert = content_expert(&app, "expert@example.org").await;
    let (status, queue) = app
        .get_json_as(&expert, "/api/staff/funding-approvals")
        .await;
    assert_eq!(status, 200);
    assert_eq!(queue["data"][0]["slug"], c.slug);
    let (_, me) = app.get_json_as(&expert, "/api/me").await;
    assert_eq!(me["data"]["content_expert"], true);

    // Approval waits for the owner's verified payout account.
    let (status, body) = app
        .post_json_as(&expert, &decide, &json!({"verdict": "approve"}))
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            400,
            Some(projects::service::payout_accounts::NO_PAYOUT_ACCOUNT)
        )
    );
    let (status, body) = app
        .post_json_as(&c.owner, "/api/me/payout-account/onboarding", &json!({}))
        .await;
    assert_eq!(status, 201);
    let (account, link) = testkit::projects::onboarding_link(&body["data"]["url"]);
    let onboard = format!("/api/test-processor/accounts/{account}/onboard");
    let bank = json!({
        "institution": "University of Toronto", "transit_number": "00011",
        "institution_number": "002", "account_number": "7654321"
    });
    // Found by an attacker (issue 42, finding 9): knowing the account's id was enough to set
    // the bank account the owner's funds go to. It now takes the link's secret.
    for wrong in [json!(null), json!(""), json!("not-the-link")] {
        let mut forged = bank.clone();
        forged["link"] = wrong;
        let (status, body) = app.post_json(&onboard, &forged).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some(payments::test_processor::ONBOARDING_LINK_INVALID)),
            "{body}"
        );
    }
    let (status, body) = app
        .post_json(
            &onboard,
            &json!({"institution": "", "transit_number": "12", "institution_number": "1", "account_number": "12", "link": link}),
        )
        .await;
    assert_eq!(status, 400);
    for field in [
        "institution",
        "transit_number",
        "institution_number",
        "account_number",
    ] {
        assert!(body["messages"][field].is_array(), "{field}: {body}");
    }
    let mut linked = bank.clone();
    linked["link"] = json!(link);
    let (status, body) = app.post_json(&onboard, &linked).await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app.post_json(&onboard, &linked).await;
    assert_eq!(status, 400, "a link works once");
    payout_ready(&app, &c.owner).await;
    let (_, payout) = app.get_json_as(&c.owner, "/api/me/payout-account").await;
    assert_eq!(
        payout["data"],
        json!({"registered": true, "verified": true})
    );

    // Approved: the good cards are charged, the declined one fails with a grace period.
    let (status, file) = app
        .post_json_as(&expert, &decide, &json!({"verdict": "approve"}))
        .await;
    assert_eq!(status, 200, "{file}");
    assert_eq!(file["data"]["can_decide"], false);
    let (status, _) = app
        .post_json_as(&expert, &decide, &json!({"verdict": "approve"}))
        .await;
    assert_eq!(status, 400, "decided once");
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    let declined = pledge_of(&app, &c.backers[1].0, c.backers[1].1).await;
    assert_eq!(declined["status"], "failed");
    assert_eq!(declined["failure_code"], "card_declined");
    assert!(declined["update_card_by"].is_string());
    assert_eq!(
        pledge_of(&app, &c.backers[0].0, c.backers[0].1).await["status"],
        "charged"
    );
    assert_eq!(funding(&app, &c.slug).await["state"], "charging");
    // Found by staff (issue 42, finding 9): the funding file said only "charging" for a
    // week. It shows each pledge: where its charge stands, why it failed, until when.
    let (_, file) = app.get_json_as(&expert, &decide).await;
    let pledges = file["data"]["pledges"].as_array().unwrap();
    let statuses: Vec<&str> = pledges
        .iter()
        .map(|p| p["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["charged", "failed", "charged"], "{file}");
    assert_eq!(pledges[1]["failure_code"], "card_declined");
    assert_eq!(pledges[1]["update_card_by"], declined["update_card_by"]);
    assert_eq!(pledges[1]["backer"]["name"], "Test Member");
    assert!(pledges[0]["update_card_by"].is_null());
    let (_, notes) = app
        .get_json_as(&c.backers[1].0, "/api/me/notifications")
        .await;
    assert!(
        notes["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["title"] == "Update your card")
    );

    // The donor gives a new card: it is charged at once, and the project is paid out.
    let (status, updated) =
        new_card(&app, &c.backers[1].0, c.backers[1].1, "4242424242424242").await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["data"]["status"], "charged");
    assert_eq!(funding(&app, &c.slug).await["state"], "disbursed");
    let totals = ledger_matches(&app, &c).await;
    assert_eq!(totals.collected_cents, 2_500_000);
    assert_eq!(totals.fees_cents, 225_000, "9%");
    assert_eq!(totals.paid_out_cents, 2_275_000);
    let payouts = processor(&app).payouts().await.unwrap();
    assert_eq!(payouts.len(), 1);
    assert_eq!(payouts[0].amount_cents, 2_275_000);
    let csv = app
        .client
        .get(app.url(&format!("{decide}.csv")))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(csv.starts_with(
        "id,created_at,kind,pledge_id,amount_cents,currency,provider_ref,idempotency_key\r\n"
    ));
    assert!(csv.contains(",payout,,2275000,cad,po_test_"), "{csv}");
    let mut keys = succeeded_charges(&app).await;
    keys.sort();
    let (a, b, cy) = (c.backers[0].1, c.backers[1].1, c.backers[2].1);
    let mut expected = vec![
        format!("pledge-{a}-charge-0"),
        format!("pledge-{b}-charge-1"),
        format!("pledge-{cy}-charge-0"),
    ];
    expected.sort();
    assert_eq!(keys, expected, "each pledge charged once");
    let (_, notes) = app.get_json_as(&c.owner, "/api/me/notifications").await;
    assert!(
        notes["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["title"] == "Project funded")
    );

    // Each donor downloads the receipt of their charge, and only theirs.
    let receipt = |token: String, pledge: i64| {
        let app = &app;
        async move {
            let response = app
                .client
                .get(app.url(&format!("/api/me/pledges/{pledge}/receipt.pdf")))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let kind = response
                .headers()
                .get("content-type")
                .map(|v| v.to_str().unwrap_or_default().to_owned());
            let body = response.bytes().await.unwrap();
            (status, kind, body.to_vec())
        }
    };
    assert_eq!(
        pledge_of(&app, &c.backers[0].0, c.backers[0].1).await["has_receipt"],
        true
    );
    let (status, kind, pdf) = receipt(c.backers[0].0.clone(), c.backers[0].1).await;
    assert_eq!((status, kind.as_deref()), (200, Some("application/pdf")));
    assert!(pdf.starts_with(b"%PDF-1.5"));
    let text = testkit::pdf::text(&pdf);
    for needle in [
        "Receipt",
        "CA$10,000",
        "Early sepsis",
        "visa ending 4242",
        "income tax purposes.",
    ] {
        assert!(text.contains(needle), "{needle} in {text}");
    }
    let (status, _, _) = receipt(c.backers[1].0.clone(), c.backers[0].1).await;
    assert_eq!(status, 404, "another donor's receipt");

    // Running again (a sweep after a restart) moves nothing.
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    charging::resume(&app.ctx, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(succeeded_charges(&app).await.len(), 3);
    assert_eq!(processor(&app).payouts().await.unwrap().len(), 1);
    assert_eq!(ledger::totals(&app.ctx.db, c.id).await.unwrap(), totals);

    // The owner refunds everything: the contract is void.
    let (status, _) = refund_as(&app, &c.backers[0].0, &c).await;
    assert_eq!(status, 404, "only the owner refunds");
    let (status, body) = refund_as(&app, &c.owner, &c).await;
    assert_eq!(status, 200, "{body}");
    let after = ledger_matches(&app, &c).await;
    assert_eq!((after.pledged_cents, after.collected_cents), (0, 0));
    assert_eq!(funding(&app, &c.slug).await["state"], "refunded");
    assert_eq!(
        pledge_of(&app, &c.backers[2].0, c.backers[2].1).await["status"],
        "refunded"
    );
    let (status, _) = refund_as(&app, &c.owner, &c).await;
    assert_eq!(status, 400, "refunded once");
}

#[tokio::test]
async fn a_charge_run_cut_short_resumes_without_charging_anyone_twice() {
    let app = spawn_app().await;
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(&app, &admin, ["4242424242424242"; 3]).await;
    payout_ready(&app, &c.owner).await;
    // The run was killed after the processor charged the first pledge, before Cohort
    // recorded it: the processor has the charge under the pledge's key.
    let first = c.backers[0].1;
    let ids = projects_pledge(&app, first).await;
    let key = charging::charge_key(first, 0);
    processor(&app)
        .charge(&kernel::payments::ChargeRequest {
            customer_id: &ids.0,
            method_id: &ids.1,
            amount_cents: 1_000_000,
            currency: "cad",
            idempotency_key: &key,
            description: "Pledge to Early sepsis",
        })
        .await
        .unwrap();
    approve(&app, &c).await;
    // The approval's own run and two sweeps, all at once.
    let now = kernel::clock::now();
    let (a, b) = tokio::join!(
        charging::run(&app.ctx, c.id, now),
        charging::resume(&app.ctx, now)
    );
    a.unwrap();
    b.unwrap();
    charging::resume(&app.ctx, now).await.unwrap();
    assert_eq!(
        succeeded_charges(&app).await.len(),
        3,
        "three pledges, three charges"
    );
    let totals = ledger_matches(&app, &c).await;
    assert_eq!(totals.collected_cents, 2_500_000);
    assert_eq!(processor(&app).payouts().await.unwrap().len(), 1);
    assert_eq!(funding(&app, &c.slug).await["state"], "disbursed");
}

#[tokio::test]
async fn a_content_expert_who_does_not_approve_releases_every_pledge_with_a_reason() {
    let app = spawn_app().await;
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(&app, &admin, ["4242424242424242"; 3]).await;
    let expert = content_expert(&app, "expert@example.org").await;
    let decide = format!("/api/staff/projects/{}/funding", c.id);
    let (status, body) = app
        .post_json_as(&expert, &decide, &json!({"verdict": "reject"}))
        .await;
    assert_eq!(status, 400);
    assert!(body["messages"]["reason"].is_array(), "{body}");
    let (status, _) = app
        .post_json_as(
            &expert,
            &decide,
            &json!({"verdict": "reject", "reason": "The ethics approval has lapsed."}),
        )
        .await;
    assert_eq!(status, 200);
    let totals = ledger_matches(&app, &c).await;
    assert_eq!(totals.pledged_cents, 0);
    assert_eq!(funding(&app, &c.slug).await["state"], "released");
    assert!(
        succeeded_charges(&app).await.is_empty(),
        "no one is charged"
    );
    assert_eq!(
        pledge_of(&app, &c.backers[0].0, c.backers[0].1).await["status"],
        "released"
    );
    let (status, body) = app
        .get_json_as(
            &c.backers[0].0,
            &format!("/api/me/pledges/{}/receipt.pdf", c.backers[0].1),
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("This pledge has no receipt: it was not charged."))
    );
    let (_, notes) = app.get_json_as(&c.owner, "/api/me/notifications").await;
    let refusal = notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["title"] == "Funding not approved")
        .cloned()
        .unwrap();
    assert!(
        refusal["message"]
            .as_str()
            .unwrap()
            .ends_with("Reason: The ethics approval has lapsed.")
    );
    // Found by a donor (issue 42, finding 9): the reason reached only the owner, and the
    // refused campaign stayed on the live list with days left.
    let (_, notes) = app
        .get_json_as(&c.backers[0].0, "/api/me/notifications")
        .await;
    let told = notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["title"] == "Funding not approved")
        .cloned()
        .unwrap();
    assert!(
        told["message"]
            .as_str()
            .unwrap()
            .contains("Reason: The ethics approval has lapsed."),
        "{told}"
    );
    let (_, page) = app.get_json(&format!("/api/projects/{}", c.slug)).await;
    assert_eq!(page["data"]["status"], "closed", "{page}");
    let (_, list) = app.get_json("/api/projects").await;
    assert!(
        list["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["slug"] != c.slug.as_str()),
        "off the live list: {list}"
    );
    let (_, audit) = app
        .get_json_as(&admin, "/api/staff/audit?action=project.funding.reject")
        .await;
    assert_eq!(
        audit["data"][0]["reason"],
        "The ethics approval has lapsed."
    );
}

#[tokio::test]
async fn a_refund_made_at_the_processor_is_reconciled_once_by_its_webhook() {
    const SECRET: &str = "whsec_reconciliation_test";
    let app = testkit::spawn_app_with(|config| {
        config.payments_webhook_secret = Some(SECRET.into());
    })
    .await;
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(&app, &admin, ["4242424242424242"; 3]).await;
    payout_ready(&app, &c.owner).await;
    approve(&app, &c).await;
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    let before = ledger_matches(&app, &c).await;
    assert_eq!(before.collected_cents, 2_500_000);

    // Someone refunds the first backer's charge from the processor's dashboard.
    let charge = processor(&app)
        .charges()
        .await
        .unwrap()
        .into_iter()
        .find(|ch| ch.idempotency_key == charging::charge_key(c.backers[0].1, 0))
        .unwrap();
    processor(&app)
        .refund(&charge.id, None, "dashboard-refund-1")
        .await
        .unwrap();
    let (_, report) = app
        .get_json_as(&admin, "/api/staff/funding-reconciliation")
        .await;
    assert_eq!(report["data"]["charges"], 3);
    assert_eq!(
        report["data"]["discrepancies"][0]["problem"],
        "The processor refunded a different amount."
    );
    assert_eq!(
        report["data"]["discrepancies"][0]["processor_cents"],
        json!([1_000_000, 1_000_000])
    );
    let payload = json!({
        "id": "evt_dashboard_refund_1", "type": "charge.refunded",
        "data": {"object": {"id": charge.id}}
    })
    .to_string();
    let deliver = |signature: String| {
        let (app, payload) = (&app, payload.clone());
        async move {
            let response = app
                .client
                .post(app.url("/api/payments/webhook"))
                .header("Stripe-Signature", signature)
                .header("Content-Type", "application/json")
                .body(payload)
                .send()
                .await
                .unwrap();
            testkit::read(response).await
        }
    };
    let now = kernel::clock::now().timestamp();
    let forged = payments::webhook::sign("whsec_other", payload.as_bytes(), now);
    let (status, body) = deliver(forged).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("The webhook signature is not valid."))
    );
    let signed = payments::webhook::sign(SECRET, payload.as_bytes(), now);
    let (status, body) = deliver(signed.clone()).await;
    assert_eq!(
        (status, body["data"]["message"].as_str()),
        (200, Some("Received."))
    );
    let after = ledger_matches(&app, &c).await;
    assert_eq!(
        after.collected_cents, 1_500_000,
        "the refund is in the ledger"
    );
    assert_eq!(after.pledged_cents, 1_500_000);
    assert_eq!(
        pledge_of(&app, &c.backers[0].0, c.backers[0].1).await["status"],
        "refunded"
    );
    let entries = ledger::entries(&app.ctx.db, c.id).await.unwrap().len();
    let (_, report) = app
        .get_json_as(&admin, "/api/staff/funding-reconciliation")
        .await;
    // The charge and its refund now agree; what is left is where the refund's money came
    // from: the campaign was paid out, so the platform paid the donor back.
    let left: Vec<&Value> = report["data"]["discrepancies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["problem"])
        .collect();
    // from: the campaign was paid out, so the platform paid the donor back, out of an escrow
    // that held nothing.
    assert_eq!(
        left,
        [
            &json!(projects::service::reconciliation::OVERSPENT),
            &json!(projects::service::reconciliation::ESCROW_LEFT)
        ],
        "{report}"
    );

    // The same event delivered again changes nothing.
    let (status, body) = deliver(signed).await;
    assert_eq!(
        (status, body["data"]["message"].as_str()),
        (200, Some("Received before."))
    );
    assert_eq!(ledger_matches(&app, &c).await, after);
    assert_eq!(
        ledger::entries(&app.ctx.db, c.id).await.unwrap().len(),
        entries
    );
}

#[tokio::test]
async fn each_milestone_the_pledges_reach_is_announced_once() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let id = testkit::projects::draft(&app, &owner, "Early sepsis").await["id"]
        .as_i64()
        .unwrap();
    testkit::projects::complete(&app, &owner, id).await;
    let plan = json!({
        "total_budget_cents": 4_000_000, "funding_goal_cents": 2_500_000, "campaign_days": 30,
        "budget_lines": [{"label": "Research nurses", "amount_cents": 4_000_000}],
        "milestones": [
            {"title": "Recruitment", "amount_cents": 1_000_000, "description": "Two nurses."},
            {"title": "Assays", "amount_cents": 1_500_000, "description": "For 400 children."},
        ],
    });
    let (status, body) = app
        .put_json_as(&owner, &format!("/api/me/projects/{id}/budget"), &plan)
        .await;
    assert_eq!(status, 200, "{body}");
    testkit::projects::register_protocol(&app, &owner, id).await;
    let (status, _) = app
        .post_json_as(&owner, &format!("/api/me/projects/{id}/submit"), &json!({}))
        .await;
    assert_eq!(status, 200);
    let (_, approved) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/projects/{id}/review"),
            &json!({"verdict": "approve"}),
        )
        .await;
    let slug = approved["data"]["slug"].as_str().unwrap().to_owned();
    let pledge = |token: String, cents: i64| {
        let (app, slug) = (&app, slug.clone());
        async move {
            let setup = card(app, &token, &slug, "4242424242424242").await;
            let (status, made) = app
                .post_json_as(
                    &token,
                    &format!("/api/projects/{slug}/pledges"),
                    &json!({"setup_id": setup, "amount_cents": cents, "adult": true}),
                )
                .await;
            assert_eq!(status, 201, "{made}");
            made["data"]["id"].as_i64().unwrap()
        }
    };
    let milestones = || async {
        let (_, notes) = app.get_json_as(&owner, "/api/me/notifications").await;
        notes["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["title"] == "Milestone reached")
            .map(|n| n["message"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let ada = app.signed_in_user("ada@example.org", PASSWORD).await;
    let first = pledge(ada.clone(), 1_000_000).await;
    assert_eq!(
        milestones().await,
        ["Early sepsis reached milestone 1, Recruitment, with CA$10,000 pledged."]
    );
    // Below it and back: announced once.
    for cents in [900_000, 1_000_000] {
        let (status, _) = app
            .patch_json_as(
                &ada,
                &format!("/api/me/pledges/{first}"),
                &json!({"amount_cents": cents}),
            )
            .await;
        assert_eq!(status, 200);
    }
    assert_eq!(milestones().await.len(), 1);
    let ben = app.signed_in_user("ben@example.org", PASSWORD).await;
    pledge(ben, 1_000_000).await;
    let cy = app.signed_in_user("cy@example.org", PASSWORD).await;
    pledge(cy, 500_000).await;
    assert_eq!(milestones().await.len(), 2);
    let (_, feed) = app
        .get_json_as(&ada, "/api/feed?event_type=PROJECT_REACHED_MILESTONE")
        .await;
    assert_eq!(feed["data"].as_array().unwrap().len(), 2, "{feed}");
}

/// Found by a donor (issue 42, finding 7): each card that failed again started the 7-day
/// grace period anew, so a declined donor could hold the payout up for ever. The period
/// starts with the first failure and new cards are tried within it.
#[tokio::test]
async fn the_grace_period_starts_once_however_many_new_cards_fail() {
    let app = spawn_app().await;
    let (_, c) = charged(
        &app,
        ["4242424242424242", "4000000000000002", "4242424242424242"],
    )
    .await;
    let (donor, pledge) = (&c.backers[1].0, c.backers[1].1);
    let first = pledge_of(&app, donor, pledge).await["update_card_by"].clone();
    assert!(first.is_string(), "{first}");

    // Two days on, another declining card: the same deadline.
    kernel::clock::advance(chrono::Duration::days(2));
    for _ in 0..2 {
        let (status, updated) = new_card(&app, donor, pledge, "4000000000000002").await;
        assert_eq!(status, 200, "{updated}");
        assert_eq!(updated["data"]["status"], "failed");
        assert_eq!(updated["data"]["update_card_by"], first, "not restarted");
    }
}

/// Found by an owner (issue 42, finding 2): with the processor slow, the owner refunded while
/// the approval's charging run was under way; the cards were charged at the processor and
/// nothing of it was recorded or refunded. Every charge the processor made is now in the
/// ledger and refunded, and every pledge it did not reach is released.
#[tokio::test]
async fn a_refund_while_charging_runs_records_and_refunds_every_charge_made() {
    let app = testkit::spawn_app_with(|config| config.test_processor_latency_ms = 300).await;
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(&app, &admin, ["4242424242424242"; 3]).await;
    payout_ready(&app, &c.owner).await;
    approve(&app, &c).await;
    // The first charge is made; its answer is still on its way back.
    tokio::time::sleep(std::time::Duration::from_millis(120)).await;
    let (status, body) = refund_as(&app, &c.owner, &c).await;
    assert_eq!(status, 200, "{body}");
    // The run in flight ends, and a sweep finishes whatever it left.
    tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
    charging::resume(&app.ctx, kernel::clock::now())
        .await
        .unwrap();

    let made: Vec<_> = processor(&app)
        .charges()
        .await
        .unwrap()
        .into_iter()
        .filter(|ch| ch.status == ChargeStatus::Succeeded)
        .collect();
    assert!(!made.is_empty(), "the refund came while a charge was made");
    let entries = ledger::entries(&app.ctx.db, c.id).await.unwrap();
    for charge in &made {
        let record = processor(&app)
            .charge_record(&charge.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            record.refunded_cents, charge.amount_cents,
            "charge {} is refunded at the processor",
            charge.id
        );
        assert!(
            entries
                .iter()
                .any(|e| e.provider_ref.as_deref() == Some(charge.id.as_str())),
            "charge {} is in the ledger",
            charge.id
        );
    }
    let totals = ledger_matches(&app, &c).await;
    assert_eq!((totals.pledged_cents, totals.collected_cents), (0, 0));
    assert_eq!(funding(&app, &c.slug).await["state"], "refunded");
    assert_eq!(funding(&app, &c.slug).await["backers"], 0);
    let mut statuses = Vec::new();
    for (token, id) in &c.backers {
        statuses.push(pledge_of(&app, token, *id).await["status"].clone());
    }
    let refunded = statuses.iter().filter(|s| **s == "refunded").count();
    assert_eq!(refunded, made.len(), "{statuses:?}");
    assert!(
        statuses
            .iter()
            .all(|s| *s == "refunded" || *s == "released"),
        "{statuses:?}"
    );
}

/// Found by an owner (issue 42, finding 3): refunding a campaign already paid out refunded
/// every donor while the owner kept the payout and the platform its fee, so the refunds came
/// from nowhere. The payout is taken back first and the fee returned, each in the ledger.
#[tokio::test]
async fn a_refund_after_the_payout_takes_the_payout_back_and_returns_the_fee_first() {
    let app = spawn_app().await;
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(&app, &admin, ["4242424242424242"; 3]).await;
    payout_ready(&app, &c.owner).await;
    approve(&app, &c).await;
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(funding(&app, &c.slug).await["state"], "disbursed");
    let paid = ledger::totals(&app.ctx.db, c.id).await.unwrap();
    assert_eq!(
        (paid.collected_cents, paid.fees_cents, paid.paid_out_cents),
        (2_500_000, 225_000, 2_275_000)
    );

    let (status, body) = refund_as(&app, &c.owner, &c).await;
    assert_eq!(status, 200, "{body}");
    let after = ledger_matches(&app, &c).await;
    assert_eq!(
        (
            after.collected_cents,
            after.fees_cents,
            after.paid_out_cents
        ),
        (0, 0, 0),
        "every cent refunded came back from the payout and the fee"
    );
    let payouts = processor(&app).payouts().await.unwrap();
    assert_eq!(payouts.len(), 1);
    assert_eq!(
        payouts[0].reversed_cents, payouts[0].amount_cents,
        "the payout is reversed at the processor"
    );
    for charge in processor(&app).charges().await.unwrap() {
        let record = processor(&app)
            .charge_record(&charge.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(record.refunded_cents, charge.amount_cents);
    }
    // A sweep afterwards moves nothing more.
    charging::resume(&app.ctx, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(ledger::totals(&app.ctx.db, c.id).await.unwrap(), after);
}
