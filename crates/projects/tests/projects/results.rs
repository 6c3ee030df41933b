//! Results that are reported (issue 50, item 3): a project paid out in full owes its results
//! within 12 months; its owner posts them once (a lay summary, outcomes, links to
//! publications and data, each deviation named), its backers and followers hear of it; the
//! public tracker lists what is due and overdue, the owner is reminded before and told after
//! the date, and an overdue owner's profile says so.

use projects::service::results;
use serde_json::{Value, json};
use testkit::TestApp;
use testkit::spawn_app;

use super::campaigns::*;

fn posting() -> Value {
    json!({
        "lay_summary": "<p>Screening found sepsis an hour earlier.</p><script>x()</script>",
        "outcomes": "<p>Primary: time to antibiotics fell from 3.1 to 2.0 hours.</p>",
        "publications": ["https://doi.org/10.1056/NEJMoa2007764", "nct04280705"],
        "data": ["https://osf.io/abc12/"],
        "deviations": [{"what": "Sample size", "why": "Recruitment stopped at 380 of 400 in the pandemic."}]
    })
}

async fn post(app: &TestApp, c: &Campaign, body: &Value) -> (u16, Value) {
    app.post_json_as(
        &c.owner,
        &format!("/api/me/projects/{}/results", c.id),
        body,
    )
    .await
}

async fn tracker(app: &TestApp) -> Vec<Value> {
    let (status, body) = app.get_json("/api/projects/results-due").await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn overdue_on_profile(app: &TestApp, c: &Campaign) -> Value {
    let (_, me) = app.get_json_as(&c.owner, "/api/me").await;
    let id = me["data"]["id"].as_i64().unwrap();
    let (_, projects) = app.get_json(&format!("/api/profile/{id}/projects")).await;
    projects["data"]["results_overdue"].clone()
}

#[tokio::test]
async fn a_paid_out_project_owes_its_results_and_posts_them_once() {
    let app = spawn_app().await;
    let (_admin, c) = charged(&app, ["4242424242424242"; 3]).await;
    let fan = app.signed_in_user("fan@example.org", PASSWORD).await;
    let (status, body) = app
        .send_as(
            reqwest::Method::PUT,
            &fan,
            &format!("/api/projects/{}/favorite", c.slug),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, page) = app
        .get_json_as(&c.owner, &format!("/api/projects/{}", c.slug))
        .await;
    assert_eq!(page["data"]["funding"]["state"], "disbursed");
    assert_eq!(page["data"]["abilities"]["can_post_results"], true);
    let due: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(page["data"]["results_due_at"].clone()).unwrap();
    let in_a_year = kernel::clock::now() + chrono::Duration::days(365);
    assert!((due - in_a_year).num_days().abs() <= 1, "{due}");
    let listed = tracker(&app).await;
    assert_eq!(
        (listed[0]["slug"].as_str(), &listed[0]["overdue"]),
        (Some(c.slug.as_str()), &json!(false))
    );

    // The owner is reminded a month before, once; then told once the date passed.
    let ctx = &app.ctx;
    assert_eq!(
        results::remind(ctx, due - chrono::Duration::days(31))
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        results::remind(ctx, due - chrono::Duration::days(29))
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        results::remind(ctx, due - chrono::Duration::days(28))
            .await
            .unwrap(),
        0
    );
    assert!(
        notice_titles(&app, &c.owner)
            .await
            .contains(&"Results due".to_owned())
    );
    assert_eq!(overdue_on_profile(&app, &c).await, json!([]));
    kernel::clock::advance(chrono::Duration::days(370));
    assert_eq!(results::remind(ctx, kernel::clock::now()).await.unwrap(), 1);
    let owner = app.sign_in("owner@example.org", PASSWORD).await;
    let c = Campaign { owner, ..c };
    assert!(
        notice_titles(&app, &c.owner)
            .await
            .contains(&"Results overdue".to_owned())
    );
    assert_eq!(tracker(&app).await[0]["overdue"], true);
    let (_, page) = app.get_json(&format!("/api/projects/{}", c.slug)).await;
    assert_eq!(page["data"]["results_overdue"], true);
    assert_eq!(overdue_on_profile(&app, &c).await[0]["slug"], c.slug);

    // A bad link is named; the results are sanitised, each link read for what it is.
    let mut bad = posting();
    bad["publications"][1] = json!("the trial's page");
    let (status, body) = post(&app, &c, &bad).await;
    assert_eq!(
        (status, &body["messages"]["publications[1]"][0]),
        (400, &json!(results::BAD_LINK)),
        "{body}"
    );
    let body = posting();
    let (a, b) = tokio::join!(post(&app, &c, &body), post(&app, &c, &body));
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "posted once: {a:?} {b:?}");
    let (_, page) = app.get_json(&format!("/api/projects/{}", c.slug)).await;
    let posted = &page["data"]["results"];
    assert_eq!(
        posted["lay_summary"],
        "<p>Screening found sepsis an hour earlier.</p>"
    );
    let kinds: Vec<(&Value, &Value)> = posted["publications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (&l["kind"], &l["url"]))
        .collect();
    assert_eq!(
        kinds,
        [
            (
                &json!("doi"),
                &json!("https://doi.org/10.1056/NEJMoa2007764")
            ),
            (
                &json!("nct"),
                &json!("https://clinicaltrials.gov/study/NCT04280705")
            )
        ]
    );
    assert_eq!(posted["data"][0]["kind"], Value::Null);
    assert_eq!(posted["deviations"][0]["what"], "Sample size");
    let (status, body) = post(&app, &c, &posting()).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("results_posted"))
    );
    let fan = app.sign_in("fan@example.org", PASSWORD).await;
    assert!(
        notice_titles(&app, &fan)
            .await
            .contains(&"Results posted".to_owned())
    );
    let backer = app.sign_in("backer0@example.org", PASSWORD).await;
    assert!(
        notice_titles(&app, &backer)
            .await
            .contains(&"Results posted".to_owned())
    );
    assert!(
        tracker(&app).await.is_empty(),
        "off the tracker once posted"
    );
    assert_eq!(overdue_on_profile(&app, &c).await, json!([]));
}

#[tokio::test]
async fn results_wait_for_the_payout_and_are_the_owners_to_post() {
    let app = spawn_app().await;
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(&app, &admin, ["4242424242424242"; 3]).await;
    let (status, body) = post(&app, &c, &posting()).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("results_not_yet"))
    );
    let (_, page) = app
        .get_json_as(&c.owner, &format!("/api/projects/{}", c.slug))
        .await;
    assert_eq!(page["data"]["abilities"]["can_post_results"], false);
    assert_eq!(page["data"]["results_due_at"], Value::Null);
    let (status, _) = app
        .post_json_as(
            &c.backers[0].0,
            &format!("/api/me/projects/{}/results", c.id),
            &posting(),
        )
        .await;
    assert_eq!(status, 404, "not the owner's");
    assert!(tracker(&app).await.is_empty());
}
