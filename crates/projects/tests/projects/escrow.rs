//! Milestone escrow (issue 50, item 2): a funded project whose budget lists milestones keeps
//! its funds, less the fee, in escrow, one tranche per milestone to the cent; each tranche is
//! paid out once a Content Expert verifies its milestone; a milestone sent back twice, or not
//! reported by its deadline and grace period, ends the project and the rest goes back to the
//! donors pro rata, to the cent. Reconciliation is clean after every step.

use kernel::payments::PaymentProvider;
use projects::service::{charging, escrow, ledger};
use serde_json::{Value, json};
use testkit::TestApp;
use testkit::projects::{content_expert, payout_ready};
use testkit::spawn_app;

use super::campaigns::*;

/// Two milestones whose tranches do not divide evenly: of CA$22,750 held (CA$25,000 less
/// the 9% fee), 796,253 and 1,478,747 cents.
fn milestones() -> Value {
    json!([
        {"title": "Recruitment", "amount_cents": 700_003, "description": "Two research nurses."},
        {"title": "Analysis", "amount_cents": 1_299_997, "description": "The statistician."}
    ])
}

/// A campaign of three donors (CA$10,000, CA$10,000, CA$5,000) charged and in escrow, and
/// the admin's and a Content Expert's tokens.
pub(super) async fn in_escrow(app: &TestApp) -> (String, String, Campaign) {
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal_with(app, &admin, ["4242424242424242"; 3], milestones()).await;
    payout_ready(app, &c.owner).await;
    approve(app, &c).await;
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    let expert = content_expert(app, "expert@example.org").await;
    (admin, expert, c)
}

pub(super) async fn escrow_of(app: &TestApp, slug: &str, token: &str) -> Value {
    let (_, page) = app
        .get_json_as(token, &format!("/api/projects/{slug}"))
        .await;
    page["data"]["escrow"].clone()
}

pub(super) async fn report(app: &TestApp, c: &Campaign, n: i32, links: Value) -> (u16, Value) {
    app.post_json_as(
        &c.owner,
        &format!("/api/me/projects/{}/milestones/{n}/report", c.id),
        &json!({"evidence": "<p>Recruited 400 patients.</p><script>x()</script>", "links": links}),
    )
    .await
}

pub(super) async fn decide(
    app: &TestApp,
    token: &str,
    c: &Campaign,
    n: i32,
    verdict: &str,
) -> (u16, Value) {
    let path = format!("/api/staff/projects/{}/milestones/{n}/{verdict}", c.id);
    let body = if verdict == "return" {
        json!({"reason": "The recruitment log is not shared."})
    } else {
        json!({})
    };
    app.post_json_as(token, &path, &body).await
}

/// What the escrow account holds, as its postings sum it.
async fn held(app: &TestApp, id: i64) -> i64 {
    ledger::balances(&app.ctx.db, id)
        .await
        .unwrap()
        .into_iter()
        .find(|(a, _)| *a == projects::enums::LedgerAccount::Escrow)
        .map_or(0, |(_, cents)| cents)
}

pub(super) async fn clean(app: &TestApp, admin: &str) {
    let found = reconciled(app, admin).await;
    assert_eq!(found["discrepancies"], json!([]), "{found}");
}

#[tokio::test]
async fn a_funded_project_is_paid_out_milestone_by_milestone_with_the_books_balanced() {
    let app = spawn_app().await;
    let (admin, expert, c) = in_escrow(&app).await;
    assert_eq!(funding(&app, &c.slug).await["state"], "in_escrow");
    let escrow = escrow_of(&app, &c.slug, &c.owner).await;
    assert_eq!(escrow["held_cents"], 2_275_000, "{escrow}");
    let tranches: Vec<&Value> = escrow["milestones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["tranche_cents"])
        .collect();
    assert_eq!(tranches, [&json!(796_253), &json!(1_478_747)]);
    assert_eq!(escrow["milestones"][0]["state"], "pending");
    assert_eq!(escrow["milestones"][0]["can_report"], true);
    assert_eq!(
        escrow_of(&app, &c.slug, &c.backers[0].0).await["milestones"][0]["can_report"],
        false
    );
    assert_eq!(held(&app, c.id).await, 2_275_000);
    assert!(
        processor(&app).list_payouts().await.unwrap().is_empty(),
        "no payout yet"
    );
    assert!(
        notice_titles(&app, &c.backers[0].0)
            .await
            .contains(&"A project you back is funded".to_owned())
    );
    clean(&app, &admin).await;

    // The owner reports, with evidence and links; a bad link is named.
    let (status, body) = report(&app, &c, 1, json!(["https://doi.org/10.1000/182", "nope"])).await;
    assert_eq!(
        (status, &body["messages"]["links[1]"][0]),
        (400, &json!("Enter a valid URL.")),
        "{body}"
    );
    let (status, body) = app
        .post_json_as(
            &c.backers[0].0,
            &format!("/api/me/projects/{}/milestones/1/report", c.id),
            &json!({"evidence": "<p>Mine.</p>"}),
        )
        .await;
    assert_eq!(status, 404, "not the owner's: {body}");
    let (status, body) = report(&app, &c, 1, json!(["https://doi.org/10.1000/182"])).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "reported");
    assert_eq!(
        body["data"]["evidence"], "<p>Recruited 400 patients.</p>",
        "sanitised"
    );
    assert_eq!(
        body["data"]["links"],
        json!(["https://doi.org/10.1000/182"])
    );
    let (status, body) = report(&app, &c, 1, json!([])).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("milestone_changed"))
    );
    assert!(
        notice_titles(&app, &c.backers[1].0)
            .await
            .contains(&"Milestone reported".to_owned())
    );

    // Staff see it waiting; only a Content Expert decides; two verifications at once pay once.
    let (_, queue) = app.get_json_as(&admin, "/api/staff/milestones").await;
    assert_eq!(queue["data"][0]["milestone"]["position"], 1, "{queue}");
    assert_eq!(queue["data"][0]["slug"], c.slug);
    let (status, _) = decide(&app, &admin, &c, 1, "verify").await;
    assert_eq!(status, 403);
    let (a, b) = tokio::join!(
        decide(&app, &expert, &c, 1, "verify"),
        decide(&app, &expert, &c, 1, "verify")
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    let payouts = processor(&app).list_payouts().await.unwrap();
    assert_eq!(payouts.len(), 1, "{payouts:?}");
    assert_eq!(payouts[0].amount_cents, 796_253);
    assert_eq!(
        payouts[0].key.as_deref(),
        Some(escrow::tranche_key(c.id, 1).as_str())
    );
    let escrow = escrow_of(&app, &c.slug, &c.owner).await;
    assert_eq!(
        (
            &escrow["milestones"][0]["state"],
            &escrow["milestones"][0]["paid"]
        ),
        (&json!("verified"), &json!(true))
    );
    assert_eq!(
        (&escrow["held_cents"], &escrow["paid_out_cents"]),
        (&json!(1_478_747), &json!(796_253))
    );
    assert_eq!(held(&app, c.id).await, 1_478_747);
    assert!(
        notice_titles(&app, &c.backers[2].0)
            .await
            .contains(&"Milestone verified".to_owned())
    );
    clean(&app, &admin).await;

    // The second: two reports at once make one report, two returns at once one return, and
    // a verification fired with a return makes one decision, whichever lands first.
    let (a, b) = tokio::join!(
        report(&app, &c, 2, json!([])),
        report(&app, &c, 2, json!([]))
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    let (a, b) = tokio::join!(
        decide(&app, &expert, &c, 2, "return"),
        decide(&app, &expert, &c, 2, "return")
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(
        statuses,
        [200, 409],
        "returned once, not twice: {a:?} {b:?}"
    );
    assert_eq!(
        escrow_of(&app, &c.slug, &c.owner).await["milestones"][1]["returns"],
        1,
        "one return counted: the project goes on"
    );
    report(&app, &c, 2, json!([])).await;
    let (a, b) = tokio::join!(
        decide(&app, &expert, &c, 2, "verify"),
        decide(&app, &expert, &c, 2, "return")
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "one decision: {a:?} {b:?}");
    if a.0 == 409 {
        // The return won (the second: the project ended); the books must still hold.
        assert_eq!(funding(&app, &c.slug).await["state"], "abandoned");
        assert_eq!(held(&app, c.id).await, 0);
        clean(&app, &admin).await;
        return;
    }
    assert_eq!(processor(&app).list_payouts().await.unwrap().len(), 2);
    assert_eq!(funding(&app, &c.slug).await["state"], "disbursed");
    clean(&app, &admin).await;
    let (status, _) = report(&app, &c, 2, json!([])).await;
    assert_eq!(status, 400, "no longer in escrow");
}

#[tokio::test]
async fn a_milestone_sent_back_once_is_reported_again_and_verified() {
    let app = spawn_app().await;
    let (admin, expert, c) = in_escrow(&app).await;
    report(&app, &c, 1, json!([])).await;
    decide(&app, &expert, &c, 1, "verify").await;
    report(&app, &c, 2, json!([])).await;
    let (status, body) = decide(&app, &expert, &c, 2, "return").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            &body["data"]["state"],
            &body["data"]["returns"],
            &body["data"]["reason"]
        ),
        (
            &json!("returned"),
            &json!(1),
            &json!("The recruitment log is not shared.")
        )
    );
    assert!(
        notice_titles(&app, &c.owner)
            .await
            .contains(&"Milestone sent back".to_owned())
    );
    let (status, _) = report(&app, &c, 2, json!([])).await;
    assert_eq!(status, 200);
    let (status, body) = decide(&app, &expert, &c, 2, "verify").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(funding(&app, &c.slug).await["state"], "disbursed");
    let totals = ledger::totals(&app.ctx.db, c.id).await.unwrap();
    assert_eq!(
        (
            totals.collected_cents,
            totals.fees_cents,
            totals.paid_out_cents
        ),
        (2_500_000, 225_000, 2_275_000)
    );
    assert_eq!(held(&app, c.id).await, 0);
    clean(&app, &admin).await;
    let (status, _) = report(&app, &c, 2, json!([])).await;
    assert_eq!(status, 400, "no longer in escrow");
}

#[tokio::test]
async fn a_milestone_sent_back_twice_ends_the_project_and_refunds_the_rest_pro_rata_to_the_cent() {
    let app = spawn_app().await;
    let (admin, expert, c) = in_escrow(&app).await;
    report(&app, &c, 1, json!([])).await;
    decide(&app, &expert, &c, 1, "verify").await;
    for time in 0..2 {
        let (status, _) = report(&app, &c, 2, json!([])).await;
        assert_eq!(status, 200, "report {time}");
        let (status, body) = decide(&app, &expert, &c, 2, "return").await;
        assert_eq!(status, 200, "{body}");
    }
    let (_, page) = app.get_json(&format!("/api/projects/{}", c.slug)).await;
    assert_eq!(page["data"]["funding"]["state"], "abandoned");
    assert_eq!(page["data"]["status"], "closed");
    let escrow = &page["data"]["escrow"];
    assert_eq!(escrow["milestones"][1]["state"], "rejected", "{escrow}");
    assert_eq!(
        (
            &escrow["held_cents"],
            &escrow["paid_out_cents"],
            &escrow["returned_cents"]
        ),
        (&json!(0), &json!(796_253), &json!(1_478_747))
    );
    // 1,478,747 cents over pledges of 10,000, 10,000 and 5,000 dollars: 591,498.8,
    // 591,498.8 and 295,749.4, the two cents left to the largest remainders.
    let charges = processor(&app).list_charges().await.unwrap();
    let mut refunded: Vec<i64> = charges.iter().map(|c| c.refunded_cents).collect();
    refunded.sort_unstable();
    assert_eq!(refunded, [295_749, 591_499, 591_499]);
    for (token, pledge) in &c.backers {
        assert_eq!(pledge_of(&app, token, *pledge).await["status"], "refunded");
        assert!(
            notice_titles(&app, token)
                .await
                .contains(&"Project ended".to_owned())
        );
    }
    assert_eq!(held(&app, c.id).await, 0);
    let totals = ledger::totals(&app.ctx.db, c.id).await.unwrap();
    assert_eq!(
        totals.collected_cents,
        totals.fees_cents + totals.paid_out_cents,
        "what stays collected is the fee and the tranche paid"
    );
    clean(&app, &admin).await;
    // The sweep finds nothing more to do; the owner has nothing left to refund.
    escrow::sweep::sweep(&app.ctx, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(processor(&app).list_charges().await.unwrap(), charges);
    let (status, _) = refund_as(&app, &c.owner, &c).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_milestone_not_reported_by_its_deadline_and_grace_ends_the_project() {
    let app = spawn_app().await;
    let (admin, _expert, c) = in_escrow(&app).await;
    let escrow = escrow_of(&app, &c.slug, &c.owner).await;
    let missed_after: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(escrow["milestones"][0]["missed_after"].clone()).unwrap();
    let due: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(escrow["milestones"][0]["due_at"].clone()).unwrap();
    assert_eq!(
        missed_after - due,
        chrono::Duration::days(30),
        "the grace period"
    );
    assert!(due > kernel::clock::now() + chrono::Duration::days(181));

    escrow::sweep::sweep(&app.ctx, missed_after - chrono::Duration::minutes(1))
        .await
        .unwrap();
    assert_eq!(
        funding(&app, &c.slug).await["state"],
        "in_escrow",
        "not yet"
    );
    escrow::sweep::sweep(&app.ctx, missed_after).await.unwrap();
    let escrow = escrow_of(&app, &c.slug, &c.owner).await;
    assert_eq!(funding(&app, &c.slug).await["state"], "abandoned");
    let states: Vec<&Value> = escrow["milestones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["state"])
        .collect();
    assert_eq!(states, [&json!("missed"), &json!("cancelled")]);
    let mut refunded: Vec<i64> = processor(&app)
        .list_charges()
        .await
        .unwrap()
        .iter()
        .map(|c| c.refunded_cents)
        .collect();
    refunded.sort_unstable();
    assert_eq!(refunded, [455_000, 910_000, 910_000], "all 2,275,000 held");
    assert_eq!(held(&app, c.id).await, 0);
    clean(&app, &admin).await;
    let (status, body) = report(&app, &c, 1, json!([])).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("not_in_escrow"))
    );
}
