//! A live project closes by itself when its campaign's days are over, once.

use chrono::Duration;
use serde_json::json;
use testkit::projects::{Campaign, card, draft, live, live_campaign, make_eligible};
use testkit::spawn_app;

const PASSWORD: &str = "trial design 21";

#[tokio::test]
async fn a_campaign_closes_when_its_days_are_over_and_its_owner_hears_it_once() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let short = live(&app, &owner, &staff, "Early sepsis").await;

    // A second project runs 60 days.
    let id = draft(&app, &owner, "Stroke at home").await["id"]
        .as_i64()
        .unwrap();
    testkit::projects::complete(&app, &owner, id).await;
    let budget = json!({"total_budget_cents": 4_000_000, "funding_goal_cents": 2_500_000, "campaign_days": 60});
    let (status, _) = app
        .put_json_as(&owner, &format!("/api/me/projects/{id}/budget"), &budget)
        .await;
    assert_eq!(status, 200);
    app.post_json_as(&owner, &format!("/api/me/projects/{id}/submit"), &json!({}))
        .await;
    let (_, long) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/projects/{id}/review"),
            &json!({"verdict": "approve"}),
        )
        .await;
    let long = long["data"]["slug"].as_str().unwrap().to_owned();

    // A backer's pledge to the 30-day campaign, which ends short of its goal.
    let backer = app.signed_in_user("backer@example.org", PASSWORD).await;
    let setup = card(&app, &backer, &short, "4242424242424242").await;
    let (status, _) = app
        .post_json_as(
            &backer,
            &format!("/api/projects/{short}/pledges"),
            &json!({"setup_id": setup, "amount_cents": 5_000, "adult": true}),
        )
        .await;
    assert_eq!(status, 201);

    let close = projects::service::deadlines::close_ended;
    assert_eq!(
        close(&app.ctx, kernel::clock::now()).await.unwrap(),
        0,
        "nothing ended yet"
    );
    // 31 days on, two sweeps at once (two instances): the 30-day campaign closes once.
    let later = kernel::clock::now() + Duration::days(31);
    let (a, b) = tokio::join!(close(&app.ctx, later), close(&app.ctx, later));
    assert_eq!(a.unwrap() + b.unwrap(), 1);
    assert_eq!(close(&app.ctx, later).await.unwrap(), 0);

    let (_, page) = app
        .get_json_as(&staff, &format!("/api/projects/{short}"))
        .await;
    assert_eq!(page["data"]["status"], "closed");
    assert_eq!(page["data"]["abilities"]["campaign_open"], false);
    assert_eq!(page["data"]["abilities"]["can_rate"], false);
    // All or nothing: the pledge is let go uncharged, the ledger says so, the backer hears it.
    assert_eq!(page["data"]["funding"]["state"], "released");
    assert_eq!(page["data"]["funding"]["raised_cents"], 0);
    let short_id = page["data"]["id"].as_i64().unwrap();
    let sum = projects::service::pledging::ledger_sum(&app.ctx.db, short_id)
        .await
        .unwrap();
    assert_eq!(sum, 0);
    let (_, pledges) = app.get_json_as(&backer, "/api/me/pledges").await;
    assert_eq!(pledges["data"][0]["status"], "released");
    assert_eq!(pledges["data"][0]["locked"], true);
    let (_, notes) = app.get_json_as(&backer, "/api/me/notifications").await;
    let released: Vec<&str> = notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["title"] == "Campaign ended without reaching its goal")
        .map(|n| n["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        released,
        [
            "Early sepsis ended without reaching its funding goal. Your pledge is released: you are not charged."
        ]
    );
    let processor = payments::test_processor::TestProcessor::of(&app.ctx)
        .cloned()
        .unwrap();
    assert!(
        processor.charges().await.unwrap().is_empty(),
        "no one is charged"
    );

    let (_, page) = app.get_json(&format!("/api/projects/{long}")).await;
    assert_eq!(page["data"]["status"], "live");
    let (_, list) = app.get_json("/api/projects").await;
    let titles: Vec<&str> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Stroke at home"], "browse lists running campaigns");

    let (_, notes) = app.get_json_as(&owner, "/api/me/notifications").await;
    let ended: Vec<&serde_json::Value> = notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["title"] == "Campaign ended")
        .collect();
    assert_eq!(ended.len(), 1, "heard once");
    assert_eq!(
        ended[0]["message"],
        "The campaign of Early sepsis has ended."
    );
    assert_eq!(ended[0]["in_app_route"], format!("/project/{short}"));
}

/// Found by an owner (issue 42, finding 4): a campaign staff closed short of its goal kept
/// its pledges locked, its funding open and its days left, for ever.
#[tokio::test]
async fn a_campaign_staff_close_lets_its_pledges_go_and_has_no_days_left() {
    let app = spawn_app().await;
    let Campaign { staff, slug, .. } = live_campaign(&app, PASSWORD).await;
    let backer = app.signed_in_user("backer@example.org", PASSWORD).await;
    let setup = card(&app, &backer, &slug, "4242424242424242").await;
    let (status, _) = app
        .post_json_as(
            &backer,
            &format!("/api/projects/{slug}/pledges"),
            &json!({"setup_id": setup, "amount_cents": 5_000, "adult": true}),
        )
        .await;
    assert_eq!(status, 201);
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    let id = page["data"]["id"].as_i64().unwrap();

    let (status, body) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/projects/{id}/status"),
            &json!({"action": "close"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    let (_, page) = app
        .get_json_as(&backer, &format!("/api/projects/{slug}"))
        .await;
    assert_eq!(page["data"]["status"], "closed");
    assert_eq!(page["data"]["funding"]["state"], "released");
    assert_eq!(page["data"]["funding"]["raised_cents"], 0);
    assert_eq!(page["data"]["funding"]["backers"], 0);
    let closes = page["data"]["closes_at"].as_str().unwrap();
    let closes = chrono::DateTime::parse_from_rfc3339(closes).unwrap();
    assert!(closes <= kernel::clock::now(), "no days left: {closes}");
    let sum = projects::service::pledging::ledger_sum(&app.ctx.db, id)
        .await
        .unwrap();
    assert_eq!(sum, 0, "the ledger released it");
    let (_, pledges) = app.get_json_as(&backer, "/api/me/pledges").await;
    assert_eq!(pledges["data"][0]["status"], "released");
    let (_, notes) = app.get_json_as(&backer, "/api/me/notifications").await;
    assert_eq!(notes["data"][0]["title"], "Campaign closed");
    assert_eq!(
        notes["data"][0]["message"],
        "Early sepsis was closed before its funding was approved. Your pledge is released: you are not charged."
    );
    let processor = payments::test_processor::TestProcessor::of(&app.ctx)
        .cloned()
        .unwrap();
    assert!(processor.charges().await.unwrap().is_empty());
}
