//! Issue 20: `kill -9` of the server in the middle of charging a funded project's pledges,
//! a restart, and each pledge is charged exactly once — counted at the test processor,
//! which answers each charge after a round trip, so the kill lands between charges made
//! and charges recorded. On SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde_json::json;
use testkit::projects::{card, content_expert, live, make_eligible, payout_ready};

use crate::cli::{send_signal, serve_in, sign_in};

const PASSWORD: &str = "trial design 21";
const BACKERS: usize = 25;

async fn charge_keys(app: &testkit::TestApp) -> Vec<String> {
    payments::test_processor::TestProcessor::of(&app.ctx)
        .unwrap()
        .charges()
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.idempotency_key)
        .collect()
}

#[tokio::test]
async fn a_kill_during_charging_and_a_restart_charge_each_pledge_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let database = testkit::TestDatabase::create().await;
    let (path, url) = (dir.path().to_path_buf(), database.url().map(str::to_owned));
    // The campaign is set up through an app on the same database and data directory.
    let app = testkit::spawn_app_with(|config| {
        config.data_dir = path.clone();
        config.database_url = url.clone();
    })
    .await;
    let staff = content_expert(&app, "expert@example.org").await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let slug = live(&app, &owner, &staff, "Early sepsis").await; // goal CA$25,000
    payout_ready(&app, &owner).await;
    for n in 0..BACKERS {
        let token = app
            .signed_in_user(&format!("backer{n}@example.org"), PASSWORD)
            .await;
        let setup = card(&app, &token, &slug, "4242424242424242").await;
        let (status, body) = app
            .post_json_as(
                &token,
                &format!("/api/projects/{slug}/pledges"),
                &json!({"setup_id": setup, "amount_cents": 100_000, "adult": true}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    assert_eq!(page["data"]["funding"]["state"], "goal_reached");
    let id = page["data"]["id"].as_i64().unwrap();

    // The server approves and starts charging; it is killed part-way.
    let mut env: Vec<(&str, String)> = vec![
        ("COHORT_RATE_LIMITS", "off".into()),
        ("COHORT_TEST_PROCESSOR_LATENCY_MS", "150".into()),
    ];
    if let Some(url) = database.url() {
        env.push(("DATABASE_URL", url.to_owned()));
    }
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (child, base) = serve_in(dir.path(), &env);
    let client = reqwest::Client::new();
    let expert = sign_in(&client, &base, "expert@example.org", "staff password 1").await;
    let approved = client
        .post(format!("{base}/api/staff/projects/{id}/funding"))
        .bearer_auth(&expert)
        .json(&json!({"verdict": "approve"}))
        .send()
        .await
        .unwrap();
    assert_eq!(approved.status().as_u16(), 200);
    let started = Instant::now();
    while charge_keys(&app).await.len() < 3 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no charge began"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    send_signal("KILL", &child.id().to_string());
    let mut child = child;
    child.wait().unwrap();
    let at_kill = charge_keys(&app).await.len();
    let recorded = projects::service::ledger::totals(&app.ctx.db, id)
        .await
        .unwrap()
        .collected_cents
        / 100_000;
    assert!(
        at_kill < BACKERS,
        "the kill came before the run ended ({at_kill} charged)"
    );

    // Restarted, the server's sweep finishes the run.
    let (mut again, _) = serve_in(dir.path(), &env);
    let started = Instant::now();
    loop {
        let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
        if page["data"]["funding"]["state"] == "disbursed" {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "not paid out: {}",
            page["data"]["funding"]
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let keys = charge_keys(&app).await;
    let distinct: HashSet<&String> = keys.iter().collect();
    eprintln!(
        "{at_kill} of {BACKERS} pledges charged at the processor at the kill ({recorded} recorded by Cohort); {} charges in all after the restart",
        keys.len()
    );
    assert_eq!(keys.len(), BACKERS, "each pledge charged exactly once");
    assert_eq!(distinct.len(), BACKERS);
    let totals = projects::service::ledger::totals(&app.ctx.db, id)
        .await
        .unwrap();
    assert_eq!(totals.collected_cents, 2_500_000);
    let payouts = payments::test_processor::TestProcessor::of(&app.ctx)
        .unwrap()
        .payouts()
        .await
        .unwrap();
    assert_eq!(payouts.len(), 1);
    send_signal("TERM", &again.id().to_string());
    again.wait().unwrap();
}
