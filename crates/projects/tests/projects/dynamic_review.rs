use serde_json::{Value, json};
use testkit::projects::{draft, live, make_eligible};
use testkit::{TestApp, spawn_app};

const PASSWORD: &str = "trial design 21";
const REVIEW: &str = "/api/projects/early-sepsis/review";

fn ratings(merit: i64, feasibility: i64, relevance: i64, clarity: i64, team: i64) -> Value {
    json!({
        "scientific_merit": merit, "feasibility": feasibility,
        "relevance_to_patients": relevance, "clarity": clarity, "team": team,
    })
}

fn averages(summary: &Value) -> Vec<(String, Value)> {
    summary["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["label"].as_str().unwrap().to_owned(),
                c["average"].clone(),
            )
        })
        .collect()
}

/// A live "Early sepsis" owned by a new member: (staff, owner).
async fn a_live_project(app: &TestApp) -> (String, String) {
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(app, &owner, PASSWORD, &staff).await;
    live(app, &owner, &staff, "Early sepsis").await;
    (staff, owner)
}

#[tokio::test]
async fn members_rate_a_live_project_on_five_criteria_and_see_the_averages() {
    let app = spawn_app().await;
    let (_, owner) = a_live_project(&app).await;
    let ana = app.signed_in_user("ana@example.org", PASSWORD).await;
    let ben = app.signed_in_user("ben@example.org", PASSWORD).await;

    let (_, page) = app.get_json_as(&ana, "/api/projects/early-sepsis").await;
    let before = &page["data"]["reviews"];
    assert_eq!(before["count"], 0);
    assert_eq!(before["mine"], Value::Null);
    assert_eq!(
        before["guidelines"].as_array().unwrap().len(),
        8,
        "the terms' 8"
    );
    assert!(
        before["guidelines"][0]
            .as_str()
            .unwrap()
            .contains("firsthand experience")
    );
    assert_eq!(
        averages(before),
        [
            ("Scientific merit".to_owned(), Value::Null),
            ("Feasibility".to_owned(), Value::Null),
            ("Relevance to patients".to_owned(), Value::Null),
            ("Clarity".to_owned(), Value::Null),
            ("Team".to_owned(), Value::Null),
        ]
    );
    assert_eq!(page["data"]["abilities"]["can_rate"], true);

    // Every field says what is wrong with it, in one answer.
    let (status, body) = app
        .put_json_as(
            &ana,
            REVIEW,
            &json!({"scientific_merit": 0, "feasibility": 6, "relevance_to_patients": "five", "clarity": 2.5}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    for field in [
        "scientific_merit",
        "feasibility",
        "relevance_to_patients",
        "clarity",
    ] {
        assert_eq!(
            body["messages"][field],
            json!(["Choose a rating from 1 to 5."]),
            "{field}"
        );
    }
    assert_eq!(body["messages"]["team"], json!(["This field is required"]));

    let mut ana_review = ratings(5, 4, 5, 3, 4);
    ana_review["comment"] = json!("  Clear methods; I lived through sepsis myself.  ");
    let (status, body) = app.put_json_as(&ana, REVIEW, &ana_review).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["count"], 1);
    assert_eq!(
        body["data"]["mine"]["comment"],
        "Clear methods; I lived through sepsis myself."
    );
    let (status, _) = app.put_json_as(&ben, REVIEW, &ratings(2, 3, 4, 2, 2)).await;
    assert_eq!(status, 200);
    // Saving again edits the review: still two reviews.
    let (status, body) = app.put_json_as(&ben, REVIEW, &ratings(4, 3, 4, 2, 5)).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["count"], 2);
    assert_eq!(body["data"]["mine"]["team"], 5);
    assert_eq!(body["data"]["mine"]["comment"], "");

    let (_, page) = app.get_json("/api/projects/early-sepsis").await;
    let after = &page["data"]["reviews"];
    assert_eq!(after["count"], 2);
    assert_eq!(after["mine"], Value::Null, "a visitor has no review");
    let values: Vec<Value> = averages(after).into_iter().map(|(_, a)| a).collect();
    assert_eq!(
        values,
        [json!(4.5), json!(3.5), json!(4.5), json!(2.5), json!(4.5)]
    );
    assert_eq!(
        page["data"]["abilities"]["can_rate"], false,
        "visitors sign in first"
    );

    let (status, list) = app.get_json("/api/projects/early-sepsis/reviews").await;
    assert_eq!(status, 200);
    assert_eq!(list["pagination"]["count"], 2);
    assert_eq!(
        list["data"][0]["reviewer"]["name"], "Test Member",
        "the latest first"
    );
    assert_eq!(list["data"][0]["team"], 5);
    assert_eq!(
        list["data"][1]["comment"],
        "Clear methods; I lived through sepsis myself."
    );

    // Never one's own project; visitors sign in; drafts take no reviews.
    let (_, page) = app.get_json_as(&owner, "/api/projects/early-sepsis").await;
    assert_eq!(page["data"]["abilities"]["can_rate"], false);
    let (status, _) = app
        .put_json_as(&owner, REVIEW, &ratings(5, 5, 5, 5, 5))
        .await;
    assert_eq!(status, 403);
    let (status, _) = app.put_json_as("", REVIEW, &ratings(5, 5, 5, 5, 5)).await;
    assert_eq!(status, 401);
    draft(&app, &owner, "Unfinished").await;
    let (status, _) = app
        .put_json_as(
            &ana,
            "/api/projects/unfinished/review",
            &ratings(1, 1, 1, 1, 1),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = app.get_json("/api/projects/unfinished/reviews").await;
    assert_eq!(status, 404);
    let (_, page) = app.get_json("/api/projects/early-sepsis").await;
    assert_eq!(
        page["data"]["reviews"]["count"], 2,
        "refusals changed nothing"
    );
}

#[tokio::test]
async fn racing_reviews_count_each_member_once() {
    let app = spawn_app().await;
    a_live_project(&app).await;
    let mut members = Vec::new();
    for n in 0..6 {
        members.push(
            app.signed_in_user(&format!("m{n}@example.org"), PASSWORD)
                .await,
        );
    }
    // Six members at once, each sending the same review three times over.
    let review = ratings(4, 4, 4, 4, 2);
    let saves = members
        .iter()
        .flat_map(|token| (0..3).map(|_| app.put_json_as(token, REVIEW, &review)));
    for (status, body) in futures_util::future::join_all(saves).await {
        assert_eq!(status, 200, "{body}");
    }
    let (_, page) = app.get_json("/api/projects/early-sepsis").await;
    let reviews = &page["data"]["reviews"];
    assert_eq!(reviews["count"], 6);
    assert_eq!(reviews["criteria"][4]["average"], 2.0);
    let (_, list) = app.get_json("/api/projects/early-sepsis/reviews").await;
    assert_eq!(list["pagination"]["count"], 6);
}
