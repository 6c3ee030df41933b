//! Integration tests of the learning crate through the real app, on the demo quizzes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod certificates;
mod credentials;
mod feedback;
mod renewals;
mod staff;
mod taking;

use serde_json::{Value, json};
use testkit::TestApp;

/// An app with the demo quizzes and a signed-in member.
pub async fn setup() -> (TestApp, String) {
    let app = testkit::spawn_app().await;
    learning::seed::demo(&app.ctx).await.unwrap();
    let member = app
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    (app, member)
}

/// The id of a quiz by name, from the list.
pub async fn quiz_id(app: &TestApp, token: &str, name: &str) -> i64 {
    let (_, body) = app.get_json_as(token, "/api/quiz").await;
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["name"] == name)
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

pub async fn detail(app: &TestApp, token: &str, id: i64) -> Value {
    let (status, body) = app.get_json_as(token, &format!("/api/quiz/{id}")).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Option ids of a question whose text matches, in the listed order.
pub fn options(quiz: &Value, question: usize) -> Vec<(i64, String)> {
    quiz["questions"][question]["answer_options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["id"].as_i64().unwrap(),
                o["text"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

pub fn pick(options: &[(i64, String)], texts: &[&str]) -> Vec<i64> {
    texts
        .iter()
        .map(|t| options.iter().find(|(_, text)| text == t).unwrap().0)
        .collect()
}

pub async fn answer(
    app: &TestApp,
    token: &str,
    quiz: i64,
    question: i64,
    chosen: &[i64],
) -> (u16, Value) {
    app.put_json_as(
        token,
        &format!("/api/quiz/{quiz}/complete-quiz"),
        &json!({"question": question, "chosen_answers": chosen}),
    )
    .await
}

/// Passes the demo quiz "Reading a clinical trial" (valid 24 months, 1.5 CPD hours), both
/// questions right; returns the completion's body.
pub async fn pass_reading_a_trial(app: &TestApp, token: &str, id: i64) -> Value {
    let quiz = detail(app, token, id).await;
    let q0 = quiz["questions"][0]["id"].as_i64().unwrap();
    let q1 = quiz["questions"][1]["id"].as_i64().unwrap();
    let order = [
        "Register the protocol",
        "Recruit participants",
        "Randomise the participants",
        "Analyse the outcomes",
    ];
    answer(app, token, id, q0, &pick(&options(&quiz, 0), &order)).await;
    let (status, done) = answer(
        app,
        token,
        id,
        q1,
        &pick(&options(&quiz, 1), &["The primary outcome"]),
    )
    .await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["data"]["quiz_passed"], true, "{done}");
    done
}
