use serde_json::json;

use crate::{answer, detail, options, pick, quiz_id, setup};

#[tokio::test]
async fn a_quiz_is_answered_in_order_scored_and_closed_once_passed() {
    let (app, member) = setup().await;
    let (_, visitors) = app.get_json("/api/quiz").await;
    assert_eq!(visitors["pagination"]["perPage"], 9);
    assert_eq!(visitors["data"].as_array().unwrap().len(), 3);
    let id = quiz_id(&app, &member, "Stroke basics").await;
    let (status, _) = app.get_json(&format!("/api/quiz/{id}")).await;
    assert_eq!(status, 401);

    let quiz = detail(&app, &member, id).await;
    let q: Vec<i64> = quiz["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["id"].as_i64().unwrap())
        .collect();
    assert_eq!(quiz["current_question_id"], q[0]);
    assert_eq!(quiz["questions"][0]["type"], "choice");
    assert_eq!(quiz["questions"][1]["multiple_choices"], true);
    assert!(
        !quiz.to_string().contains("is_correct") && !quiz.to_string().contains("correct_position")
    );
    let first = options(&quiz, 0);
    let second = options(&quiz, 1);

    // Bad answers are refused and nothing is recorded.
    for (chosen, text) in [
        (vec![], "Required"),
        (vec![second[0].0], "Choose answers of this question only."),
        (
            vec![first[0].0, first[0].0],
            "Each answer can be chosen once.",
        ),
        (vec![first[0].0, first[1].0], "Choose one answer."),
    ] {
        let (status, body) = answer(&app, &member, id, q[0], &chosen).await;
        assert_eq!(status, 400);
        assert_eq!(body["messages"]["chosen_answers"], json!([text]));
    }
    let (status, body) = app
        .put_json_as(
            &member,
            &format!("/api/quiz/{id}/complete-quiz"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["question"], json!(["Required"]));
    assert_eq!(body["messages"]["chosen_answers"], json!(["Required"]));
    let (status, body) = answer(&app, &member, id, q[1], &pick(&second, &["Slurred speech"])).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "Answer the questions in order.");
    assert_eq!(detail(&app, &member, id).await["remaining_attempts"], 3);

    // The first answer starts the attempt; the quiz resumes where it was left.
    let (status, body) = answer(&app, &member, id, q[0], &pick(&first, &["Arm weakness"])).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["completed"], false);
    assert_eq!(body["data"]["current_question_id"], q[1]);
    assert_eq!(body["data"]["remaining_attempts"], 2);
    let resumed = detail(&app, &member, id).await;
    assert_eq!(resumed["current_question_id"], q[1]);
    assert_eq!(
        resumed["questions"][0]["answer_options"][0]["selected_by_user"],
        true
    );
    assert_eq!(
        resumed["questions"][0]["answer_options"][1]["selected_by_user"],
        false
    );

    answer(
        &app,
        &member,
        id,
        q[1],
        &pick(&second, &["Face drooping on one side", "Slurred speech"]),
    )
    .await;
    let third = options(&resumed, 2);
    let (_, done) = answer(&app, &member, id, q[2], &pick(&third, &["Immediately"])).await;
    let done = &done["data"];
    assert_eq!(done["completed"], true);
    assert_eq!(done["quiz_passed"], true);
    assert_eq!(done["percent_correct_answers"], 100);
    assert!(
        done["certificate"]
            .as_str()
            .unwrap()
            .starts_with("/api/certificates/")
    );

    let (status, body) = answer(&app, &member, id, q[0], &pick(&first, &["Arm weakness"])).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "You have already passed this quiz.");
    let (_, list) = app.get_json_as(&member, "/api/quiz").await;
    let row = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(row["quiz_passed"], true);
    assert_eq!(row["percent_correct_answers"], 100);
    assert_eq!(row["certificate_url"], done["certificate"]);
    let after = detail(&app, &member, id).await;
    assert_eq!(after["completed"], true);
    assert_eq!(after["current_question_id"], serde_json::Value::Null);
}

#[tokio::test]
async fn ordering_questions_score_by_order_and_a_failed_attempt_can_be_retried() {
    let (app, member) = setup().await;
    let id = quiz_id(&app, &member, "Reading a clinical trial").await;
    let quiz = detail(&app, &member, id).await;
    assert_eq!(quiz["questions"][0]["type"], "DRAG_AND_DROP");
    let steps = options(&quiz, 0);
    let q0 = quiz["questions"][0]["id"].as_i64().unwrap();
    let q1 = quiz["questions"][1]["id"].as_i64().unwrap();
    let right = pick(
        &steps,
        &[
            "Register the protocol",
            "Recruit participants",
            "Randomise the participants",
            "Analyse the outcomes",
        ],
    );
    let (status, body) = answer(&app, &member, id, q0, &right[..3]).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["chosen_answers"],
        json!(["Put every answer in order."])
    );

    // Wrong order: 50 % against a pass mark of 100.
    let mut wrong = right.clone();
    wrong.swap(0, 1);
    answer(&app, &member, id, q0, &wrong).await;
    let size = options(&quiz, 1);
    let (_, failed) = answer(
        &app,
        &member,
        id,
        q1,
        &pick(&size, &["The primary outcome"]),
    )
    .await;
    assert_eq!(failed["data"]["completed"], true);
    assert_eq!(failed["data"]["quiz_passed"], false);
    assert_eq!(failed["data"]["percent_correct_answers"], 50);
    assert_eq!(failed["data"]["remaining_attempts"], 2);
    assert_eq!(failed["data"]["certificate"], serde_json::Value::Null);

    // The finished attempt shows the member's order; a retry starts blank.
    let again = detail(&app, &member, id).await;
    assert_eq!(again["current_question_id"], q0);
    assert_eq!(again["percent_correct_answers"], 50);
    answer(&app, &member, id, q0, &right).await;
    let (_, passed) = answer(
        &app,
        &member,
        id,
        q1,
        &pick(&size, &["The primary outcome"]),
    )
    .await;
    assert_eq!(passed["data"]["quiz_passed"], true);
    assert_eq!(passed["data"]["remaining_attempts"], 1);
    let shown = detail(&app, &member, id).await;
    let order: Vec<i64> = shown["questions"][0]["answer_options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_i64().unwrap())
        .collect();
    assert_eq!(order, right);
    assert_eq!(
        shown["questions"][0]["answer_options"][2]["ordered_by_user"],
        2
    );
}

#[tokio::test]
async fn failed_attempts_wait_out_the_delay_and_attempts_run_out() {
    let (app, member) = setup().await;
    let id = quiz_id(&app, &member, "Registries done right").await;
    let quiz = detail(&app, &member, id).await;
    let q0 = quiz["questions"][0]["id"].as_i64().unwrap();
    let q1 = quiz["questions"][1]["id"].as_i64().unwrap();
    answer(
        &app,
        &member,
        id,
        q0,
        &pick(&options(&quiz, 0), &["The logo"]),
    )
    .await;
    let (_, failed) = answer(
        &app,
        &member,
        id,
        q1,
        &pick(&options(&quiz, 1), &["Only the statistician"]),
    )
    .await;
    assert_eq!(failed["data"]["percent_correct_answers"], 0);
    assert!(failed["data"]["delayed_until"].is_string());

    let (status, body) = answer(
        &app,
        &member,
        id,
        q0,
        &pick(&options(&quiz, 0), &["A minimal dataset"]),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "quiz_delayed");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("You can try again after ")
    );
    let (_, list) = app.get_json_as(&member, "/api/quiz").await;
    let row = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap()
        .clone();
    assert!(row["delayed_until"].is_string());
    assert_eq!(row["remaining_attempts"], 1);
    assert_eq!(
        detail(&app, &member, id).await["current_question_id"],
        serde_json::Value::Null
    );

    // The delay (24 hours for this quiz) runs out; the last attempt opens, and once it is
    // failed too no attempts are left.
    app.advance(chrono::Duration::hours(24) - chrono::Duration::minutes(1));
    let (status, body) = answer(
        &app,
        &member,
        id,
        q0,
        &pick(&options(&quiz, 0), &["A minimal dataset"]),
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (400, Some("quiz_delayed")));
    app.advance(chrono::Duration::minutes(2));
    let (status, body) = answer(
        &app,
        &member,
        id,
        q0,
        &pick(&options(&quiz, 0), &["The logo"]),
    )
    .await;
    assert_eq!(status, 200, "the delay has passed: {body}");
    let (status, _) = answer(
        &app,
        &member,
        id,
        q1,
        &pick(&options(&quiz, 1), &["Only the statistician"]),
    )
    .await;
    assert_eq!(status, 200);
    app.advance(chrono::Duration::hours(25));
    let (status, body) = answer(
        &app,
        &member,
        id,
        q0,
        &pick(&options(&quiz, 0), &["A minimal dataset"]),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "You have no attempts left for this quiz.");

    // A quiz allowing one attempt is closed after it.
    let single = learning::service::authoring::add_once(
        &app.ctx.db,
        learning::service::authoring::QuizDraft {
            settings: learning::service::authoring::QuizSettings {
                name: "One go".into(),
                description: "<p>Once</p>".into(),
                categories: vec![],
                banner_link: None,
                pass_mark: 100,
                attempts_allowed: 1,
                delay_hours: 0,
                published: true,
                validity_months: None,
                cpd_minutes: None,
                feedback: learning::enums::FeedbackShown::AfterPassing,
            },
            questions: vec![learning::service::authoring::QuestionDraft {
                kind: learning::enums::QuestionType::Single,
                text: "<p>Yes?</p>".into(),
                video_url: None,
                iframe_url: None,
                explanation: None,
                options: vec![
                    learning::service::authoring::OptionDraft {
                        text: "Yes".into(),
                        is_correct: true,
                        correct_position: None,
                    },
                    learning::service::authoring::OptionDraft {
                        text: "No".into(),
                        is_correct: false,
                        correct_position: None,
                    },
                ],
            }],
        },
    )
    .await
    .unwrap();
    let one = detail(&app, &member, single).await;
    let q = one["questions"][0]["id"].as_i64().unwrap();
    answer(&app, &member, single, q, &pick(&options(&one, 0), &["No"])).await;
    let (status, body) = answer(&app, &member, single, q, &pick(&options(&one, 0), &["Yes"])).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "You have no attempts left for this quiz.");
    let (_, body) = app.get_json("/api/quiz?search=ONE%20GO").await;
    assert_eq!(body["data"][0]["remaining_attempts"], 1);
    let (_, body) = app.get_json("/api/quiz?categories=Registries").await;
    assert_eq!(body["pagination"]["count"], 1);
}
