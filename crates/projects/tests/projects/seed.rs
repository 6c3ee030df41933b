use serde_json::{Value, json};
use testkit::spawn_app;

fn titles(body: &Value) -> Vec<String> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_demo_seed_brings_live_projects_and_one_waiting_and_again_changes_nothing() {
    let app = spawn_app().await;
    let logins = app
        .seed_demo()
        .await
        .expect("a first seed makes the accounts");
    let (_, live) = app.get_json("/api/projects").await;
    assert_eq!(live["pagination"]["count"], 3, "{live}");
    let (_, page) = app
        .get_json("/api/projects/early-mobilisation-after-stroke-at-home")
        .await;
    let project = &page["data"];
    assert_eq!(project["owner"]["name"], "Dr. Amira Haddad");
    assert_eq!(project["reviews"]["count"], 2);
    assert_eq!(project["favorites"]["count"], 2);
    assert_eq!(project["team"].as_array().unwrap().len(), 3);
    assert_eq!(project["budget_lines"].as_array().unwrap().len(), 3);
    assert_eq!(project["total_budget_cents"], 3_000_000);
    let (_, topics) = app
        .get_json(&format!("/api/projects/{}/discussions", project["id"]))
        .await;
    assert_eq!(topics["data"].as_array().unwrap().len(), 1);
    let (_, needs) = app.get_json("/api/needs").await;
    assert_eq!(needs["pagination"]["count"], 6);

    // The demo member owns one and favourited another; one project waits for staff.
    let amira = app
        .sign_in("amira@cohort.local", &logins.member_password)
        .await;
    let (_, mine) = app.get_json_as(&amira, "/api/me/projects").await;
    assert_eq!(titles(&mine), ["Early mobilisation after stroke at home"]);
    let (_, hearts) = app.get_json_as(&amira, "/api/me/favorite-projects").await;
    assert_eq!(
        titles(&hearts),
        ["A faster sepsis test for children in emergency rooms"]
    );
    // She backs two projects through the test processor, like any donor; others back hers.
    let (_, backed) = app.get_json_as(&amira, "/api/me/backed-projects").await;
    let mut backed = titles(&backed);
    backed.sort();
    assert_eq!(
        backed,
        [
            "A faster sepsis test for children in emergency rooms",
            "Peer coaching for young adults with type 1 diabetes"
        ]
    );
    let (_, pledges) = app.get_json_as(&amira, "/api/me/pledges").await;
    assert_eq!(pledges["data"][0]["card_last4"], "4242");
    assert_eq!(project["funding"]["raised_cents"], 65_000);
    assert_eq!(project["funding"]["backers"], 2);
    // One project is funded end to end, another ended short of its goal.
    let (_, peer) = app
        .get_json("/api/projects/peer-coaching-for-young-adults-with-type-1-diabetes")
        .await;
    assert_eq!(peer["data"]["funding"]["state"], "disbursed");
    assert_eq!(peer["data"]["funding"]["paid_out"], true);
    assert_eq!(peer["data"]["abilities"]["takes_pledges"], false);
    assert_eq!(peer["data"]["funding"]["raised_cents"], 1_500_000);
    let (_, short) = app
        .get_json("/api/projects/breathing-retraining-after-intensive-care")
        .await;
    assert_eq!(short["data"]["funding"]["state"], "released");
    assert_eq!(short["data"]["funding"]["paid_out"], false);
    assert_eq!(short["data"]["funding"]["raised_cents"], 0);
    let charged: Vec<&str> = pledges["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["status"].as_str().unwrap())
        .collect();
    assert!(charged.contains(&"charged"), "{pledges}");
    assert!(
        pledges["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["is_charged"] == (p["status"] == "charged")),
        "{pledges}"
    );
    let charges = payments::test_processor::TestProcessor::of(&app.ctx)
        .unwrap()
        .charges()
        .await
        .unwrap()
        .len();
    assert_eq!(charges, 3, "the funded project's three pledges");
    let staff = app
        .signed_in_staff("moderator@example.org", "staff password 1")
        .await;
    let (_, queue) = app.get_json_as(&staff, "/api/staff/projects").await;
    assert_eq!(
        titles(&queue),
        ["Pacing support for people with long COVID fatigue"]
    );
    assert_eq!(
        queue["data"][0]["can_review"], true,
        "submitted: staff decide"
    );
    assert_eq!(queue["data"][0]["actions"], json!([]));
    let (_, live) = app
        .get_json_as(&staff, "/api/staff/projects?status=live")
        .await;
    assert_eq!(live["data"][0]["can_review"], false);
    assert_eq!(live["data"][0]["actions"], json!(["suspend", "close"]));

    assert!(app.seed_demo().await.is_none());
    let (_, again) = app.get_json("/api/projects").await;
    assert_eq!(again["pagination"]["count"], 3);
    let (_, page) = app
        .get_json("/api/projects/early-mobilisation-after-stroke-at-home")
        .await;
    assert_eq!(page["data"]["reviews"]["count"], 2);
    assert_eq!(page["data"]["favorites"]["count"], 2);
    assert_eq!(page["data"]["funding"]["backers"], 2, "no second pledge");
    let again = payments::test_processor::TestProcessor::of(&app.ctx)
        .unwrap()
        .charges()
        .await
        .unwrap()
        .len();
    assert_eq!(again, charges, "no second charge");
    let (_, topics) = app
        .get_json(&format!("/api/projects/{}/discussions", page["data"]["id"]))
        .await;
    assert_eq!(topics["data"].as_array().unwrap().len(), 1);
}
