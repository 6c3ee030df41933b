//! Feedback after a quiz (issue 49 §5): the member's last completed attempt, question by
//! question, right or wrong, with staff's explanations; after every attempt or only once the
//! member passes, as the quiz says. Explanations may be written after members took the quiz.

use serde_json::{Value, json};
use testkit::staff::roles;

use crate::{answer, detail, options, pick, quiz_id, setup};

async fn feedback(app: &testkit::TestApp, token: &str, id: i64) -> (u16, Value) {
    app.get_json_as(token, &format!("/api/quiz/{id}/feedback"))
        .await
}

#[tokio::test]
async fn a_member_sees_which_answers_were_wrong_and_why_after_an_attempt() {
    let (app, member) = setup().await;
    let id = quiz_id(&app, &member, "Stroke basics").await;
    let quiz = detail(&app, &member, id).await;
    assert_eq!(quiz["feedback"], "after_attempt");
    let (status, body) = feedback(&app, &member, id).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(
        body["message"],
        "Finish the quiz to see which answers were right."
    );

    // One wrong answer of three fails the quiz (pass mark 70).
    let q: Vec<i64> = (0..3)
        .map(|i| quiz["questions"][i]["id"].as_i64().unwrap())
        .collect();
    answer(
        &app,
        &member,
        id,
        q[0],
        &pick(&options(&quiz, 0), &["Anxiety"]),
    )
    .await;
    let both = ["Face drooping on one side", "Slurred speech"];
    answer(&app, &member, id, q[1], &pick(&options(&quiz, 1), &both)).await;
    let (_, done) = answer(
        &app,
        &member,
        id,
        q[2],
        &pick(&options(&quiz, 2), &["Immediately"]),
    )
    .await;
    assert_eq!(done["data"]["quiz_passed"], false, "{done}");

    let (status, body) = feedback(&app, &member, id).await;
    assert_eq!(status, 200, "{body}");
    let given = &body["data"];
    assert_eq!(given["attempt"], 1);
    assert_eq!(given["quiz_passed"], false);
    assert_eq!(given["percent_correct_answers"], 66);
    let questions = given["questions"].as_array().unwrap();
    assert_eq!(questions.len(), 3);
    assert_eq!(questions[0]["correct"], false);
    assert_eq!(questions[0]["your_answers"], json!(["Anxiety"]));
    assert!(
        questions[0]["explanation"]
            .as_str()
            .unwrap()
            .starts_with("FAST stands for Face, Arms, Speech, Time")
    );
    assert_eq!(questions[1]["correct"], true);
    assert_eq!(questions[1]["your_answers"], json!(both));
    assert_eq!(questions[2]["correct"], true);
    assert!(
        !body.to_string().contains("is_correct"),
        "the right options are not listed"
    );

    // Only the member's own attempts: another has none; a visitor is not signed in.
    let other = app
        .signed_in_user("grace@example.org", "analytical 1843")
        .await;
    assert_eq!(feedback(&app, &other, id).await.0, 404);
    assert_eq!(
        app.get_json(&format!("/api/quiz/{id}/feedback")).await.0,
        401
    );
    assert_eq!(feedback(&app, &member, 999_999).await.0, 404);
}

#[tokio::test]
async fn a_quiz_may_keep_its_feedback_until_the_member_passes() {
    let (app, member) = setup().await;
    let id = quiz_id(&app, &member, "Reading a clinical trial").await;
    let quiz = detail(&app, &member, id).await;
    assert_eq!(quiz["feedback"], "after_passing");
    let q0 = quiz["questions"][0]["id"].as_i64().unwrap();
    let q1 = quiz["questions"][1]["id"].as_i64().unwrap();
    let wrong_order = [
        "Recruit participants",
        "Register the protocol",
        "Randomise the participants",
        "Analyse the outcomes",
    ];
    answer(
        &app,
        &member,
        id,
        q0,
        &pick(&options(&quiz, 0), &wrong_order),
    )
    .await;
    answer(
        &app,
        &member,
        id,
        q1,
        &pick(&options(&quiz, 1), &["The primary outcome"]),
    )
    .await;
    let (status, body) = feedback(&app, &member, id).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        "Feedback on each question is shown once you pass this quiz."
    );

    let done = crate::pass_reading_a_trial(&app, &member, id).await;
    assert_eq!(done["data"]["quiz_passed"], true);
    let (status, body) = feedback(&app, &member, id).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["attempt"], 2);
    assert_eq!(body["data"]["questions"][0]["correct"], true);
    assert!(body["data"]["questions"][0]["explanation"].is_null());
}

#[tokio::test]
async fn staff_explain_a_taken_quiz_and_choose_when_feedback_shows() {
    let app = testkit::spawn_app().await;
    learning::seed::demo(&app.ctx).await.unwrap();
    let r = roles(&app).await;
    let id = quiz_id(&app, &r.member, "Stroke basics").await;
    let quiz = detail(&app, &r.member, id).await;
    let q0 = quiz["questions"][0]["id"].as_i64().unwrap();
    answer(
        &app,
        &r.member,
        id,
        q0,
        &pick(&options(&quiz, 0), &["Arm weakness"]),
    )
    .await;

    // Taken: the questions are fixed, but their explanations and the setting are not.
    let (_, stored) = app
        .get_json_as(&r.admin, &format!("/api/staff/quizzes/{id}"))
        .await;
    let mut edited = stored["data"].clone();
    assert_eq!(edited["feedback"], "after_attempt");
    edited["questions"][1]["explanation"] = json!("  Face and speech change first.  ");
    edited["questions"][2]["explanation"] = json!("");
    edited["feedback"] = json!("after_passing");
    let (status, body) = app
        .put_json_as(&r.moderator, &format!("/api/staff/quizzes/{id}"), &edited)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["questions"][1]["explanation"],
        "Face and speech change first."
    );
    assert!(body["data"]["questions"][2]["explanation"].is_null());
    assert_eq!(body["data"]["feedback"], "after_passing");
    assert_eq!(
        detail(&app, &r.member, id).await["feedback"],
        "after_passing"
    );

    // An explanation past its limit is refused on its field.
    edited["questions"][0]["explanation"] = json!("x".repeat(2001));
    let (status, body) = app
        .put_json_as(&r.moderator, &format!("/api/staff/quizzes/{id}"), &edited)
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["messages"]
            .as_object()
            .unwrap()
            .keys()
            .any(|k| k.contains("explanation")),
        "{body}"
    );
}
