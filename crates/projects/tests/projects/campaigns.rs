//! A campaign at its goal and the reads the funding tests make of it: the funding as the
//! public page shows it, a donor's pledge, the ledger's totals, the test processor's records.

use payments::test_processor::ChargeStatus;
use projects::service::ledger;
use serde_json::{Value, json};
use testkit::TestApp;
use testkit::projects::{
    card, confirm_card, content_expert, live_with, make_eligible, payout_ready,
};

pub const PASSWORD: &str = "trial design 21";

pub struct Campaign {
    pub slug: String,
    pub id: i64,
    pub owner: String,
    /// (token, pledge id) of each backer, in pledge order.
    pub backers: Vec<(String, i64)>,
}

/// A live project (goal CA$25,000) whose pledges reached the goal: CA$10,000 on `cards[0]`,
/// CA$10,000 on `cards[1]`, CA$5,000 on `cards[2]`.
pub async fn at_goal(app: &TestApp, staff: &str, cards: [&str; 3]) -> Campaign {
    at_goal_with(app, staff, cards, json!([])).await
}

/// As [`at_goal`], the budget listing `milestones` (so its funds go into escrow).
pub async fn at_goal_with(
    app: &TestApp,
    staff: &str,
    cards: [&str; 3],
    milestones: Value,
) -> Campaign {
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(app, &owner, PASSWORD, staff).await;
    let slug = live_with(app, &owner, staff, "Early sepsis", milestones).await;
    let mut backers = Vec::new();
    for (n, (number, cents)) in cards
        .iter()
        .zip([1_000_000, 1_000_000, 500_000])
        .enumerate()
    {
        let token = app
            .signed_in_user(&format!("backer{n}@example.org"), PASSWORD)
            .await;
        let setup = card(app, &token, &slug, number).await;
        let (status, made) = app
            .post_json_as(
                &token,
                &format!("/api/projects/{slug}/pledges"),
                &json!({"setup_id": setup, "amount_cents": cents, "adult": true}),
            )
            .await;
        assert_eq!(status, 201, "{made}");
        backers.push((token, made["data"]["id"].as_i64().unwrap()));
    }
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    assert_eq!(page["data"]["funding"]["state"], "goal_reached");
    assert_eq!(page["data"]["funding"]["awaits_final_approval"], true);
    assert_eq!(
        page["data"]["abilities"]["takes_pledges"], false,
        "pledges are locked"
    );
    Campaign {
        id: page["data"]["id"].as_i64().unwrap(),
        slug,
        owner,
        backers,
    }
}

/// `token` asks for the campaign's refund (only its owner may): what the API answered.
pub async fn refund_as(app: &TestApp, token: &str, c: &Campaign) -> (u16, Value) {
    app.post_json_as(
        token,
        &format!("/api/me/projects/{}/refund", c.id),
        &json!({}),
    )
    .await
}

/// A Content Expert approves the campaign's funding.
pub async fn approve(app: &TestApp, c: &Campaign) {
    let expert = content_expert(app, "expert@example.org").await;
    let (status, body) = app
        .post_json_as(
            &expert,
            &format!("/api/staff/projects/{}/funding", c.id),
            &json!({"verdict": "approve"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

/// A campaign at its goal on `cards`, its owner's payout account verified, approved by a
/// Content Expert and through its first charging run; the admin's token with it.
pub async fn charged(app: &TestApp, cards: [&str; 3]) -> (String, Campaign) {
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(app, &admin, cards).await;
    payout_ready(app, &c.owner).await;
    approve(app, &c).await;
    projects::service::charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    (admin, c)
}

/// The donor `token` gives card `number` for their failed pledge `pledge` (saved with the
/// processor, then charged at once): what the API answered. A pledge that no longer needs a
/// card (charged meanwhile, in a race) is refused at the first step: that answer.
pub async fn new_card(app: &TestApp, token: &str, pledge: i64, number: &str) -> (u16, Value) {
    let path = format!("/api/me/pledges/{pledge}/card-setups");
    let (status, setup) = app.post_json_as(token, &path, &json!({})).await;
    if status != 201 {
        return (status, setup);
    }
    let setup = confirm_card(app, &setup["data"], number).await;
    let path = format!("/api/me/pledges/{pledge}/card");
    app.put_json_as(token, &path, &json!({"setup_id": setup}))
        .await
}

/// The titles of `token`'s notifications, newest first.
pub async fn notice_titles(app: &TestApp, token: &str) -> Vec<String> {
    let (_, notes) = app.get_json_as(token, "/api/me/notifications").await;
    notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|n| n["title"].as_str().map(str::to_owned))
        .collect()
}

pub async fn pledge_of(app: &TestApp, token: &str, id: i64) -> Value {
    let (_, mine) = app.get_json_as(token, "/api/me/pledges").await;
    mine["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .cloned()
        .unwrap()
}

pub async fn funding(app: &TestApp, slug: &str) -> Value {
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    page["data"]["funding"].clone()
}

/// The campaign's funding once it reached `state` (a background run settles it), within 10 s.
pub async fn funding_reaches(app: &TestApp, slug: &str, state: &str) -> Value {
    for _ in 0..100 {
        let now = funding(app, slug).await;
        if now["state"] == state {
            return now;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!(
        "the funding never became {state}: {}",
        funding(app, slug).await
    );
}

/// The project's raised amount is its ledger's pledged sum.
pub async fn ledger_matches(app: &TestApp, c: &Campaign) -> ledger::Totals {
    let totals = ledger::totals(&app.ctx.db, c.id).await.unwrap();
    assert_eq!(
        funding(app, &c.slug).await["raised_cents"],
        totals.pledged_cents
    );
    totals
}

pub fn processor(app: &TestApp) -> &payments::test_processor::TestProcessor {
    payments::test_processor::TestProcessor::of(&app.ctx).unwrap()
}

pub async fn succeeded_charges(app: &TestApp) -> Vec<String> {
    processor(app)
        .charges()
        .await
        .unwrap()
        .into_iter()
        .filter(|c| c.status == ChargeStatus::Succeeded)
        .map(|c| c.idempotency_key)
        .collect()
}

/// A pledge's customer and card at the processor, read from its row.
pub async fn projects_pledge(app: &TestApp, id: i64) -> (String, String) {
    use sea_orm::ConnectionTrait;
    use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
    let select = Query::select()
        .columns([Alias::new("customer_id"), Alias::new("method_id")])
        .from(Alias::new("project_pledges"))
        .and_where(Expr::col(Alias::new("id")).eq(id))
        .to_owned();
    let row = app.ctx.db.query_one(&select).await.unwrap().unwrap();
    (
        row.try_get::<String>("", "customer_id").unwrap(),
        row.try_get::<String>("", "method_id").unwrap(),
    )
}

/// The console's reconciliation, as staff ask for it.
pub async fn reconciled(app: &TestApp, staff: &str) -> Value {
    let (status, body) = app
        .get_json_as(staff, "/api/staff/funding-reconciliation")
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}
