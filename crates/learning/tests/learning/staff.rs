use reqwest::Method;
use serde_json::{Value, json};
use testkit::staff::{assert_hidden, roles};

use crate::{answer, detail, options, pick};

fn two_questions(published: bool) -> Value {
    json!({
        "name": "Consent basics",
        "description": "<p>Two questions on informed consent.</p>",
        "categories": ["Ethics"],
        "pass_mark": 50,
        "attempts_allowed": 2,
        "delay_hours": 0,
        "published": published,
        "questions": [
            {"kind": "single", "text": "<p>Who gives consent?</p>", "options": [
                {"text": "The participant", "is_correct": true},
                {"text": "The sponsor", "is_correct": false}
            ]},
            {"kind": "DRAG_AND_DROP", "text": "<p>Order the steps.</p>", "options": [
                {"text": "Inform"}, {"text": "Check understanding"}, {"text": "Sign"}
            ]}
        ]
    })
}

#[tokio::test]
async fn quiz_authoring_is_hidden_from_visitors_and_members() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    let body = json!({});
    for (method, path) in [
        (Method::GET, "/api/staff/quizzes"),
        (Method::POST, "/api/staff/quizzes"),
        (Method::GET, "/api/staff/quizzes/1"),
        (Method::PUT, "/api/staff/quizzes/1"),
        (Method::DELETE, "/api/staff/quizzes/1"),
        (Method::POST, "/api/staff/quizzes/1/set-banner"),
    ] {
        let with_body = matches!(method, Method::POST | Method::PUT).then_some(&body);
        assert_hidden(&app, &r, method, path, with_body).await;
    }
    let (status, _) = app.get_json_as(&r.moderator, "/api/staff/quizzes").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn staff_build_a_quiz_members_take_and_its_questions_then_stay_fixed() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    let (status, body) = app
        .post_json_as(&r.moderator, "/api/staff/quizzes", &two_questions(false))
        .await;
    assert_eq!(status, 201, "{body}");
    let quiz = body["data"].clone();
    let id = quiz["id"].as_i64().unwrap();
    assert_eq!(quiz["attempts_taken"], 0);
    assert_eq!(quiz["questions"][1]["options"][2]["text"], "Sign");
    let (_, list) = app.get_json_as(&r.member, "/api/quiz").await;
    assert_eq!(
        list["pagination"]["count"], 0,
        "a draft quiz is not offered"
    );
    let (status, _) = app.get_json_as(&r.member, &format!("/api/quiz/{id}")).await;
    assert_eq!(status, 404);

    let (status, body) = app
        .put_json_as(
            &r.moderator,
            &format!("/api/staff/quizzes/{id}"),
            &two_questions(true),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    // A member takes it: the ordering question's right order is the order staff wrote.
    let taking = detail(&app, &r.member, id).await;
    let q0 = taking["questions"][0]["id"].as_i64().unwrap();
    let q1 = taking["questions"][1]["id"].as_i64().unwrap();
    let (status, _) = answer(
        &app,
        &r.member,
        id,
        q0,
        &pick(&options(&taking, 0), &["The participant"]),
    )
    .await;
    assert_eq!(status, 200);
    let steps = pick(
        &options(&taking, 1),
        &["Inform", "Check understanding", "Sign"],
    );
    let (_, done) = answer(&app, &r.member, id, q1, &steps).await;
    assert_eq!(done["data"]["quiz_passed"], true);
    assert_eq!(done["data"]["percent_correct_answers"], 100);

    // Taken: its questions cannot change, its settings can; it cannot be deleted.
    let mut changed = two_questions(true);
    changed["questions"][0]["options"][1]["is_correct"] = json!(true);
    changed["questions"][0]["kind"] = json!("multiple");
    let (status, body) = app
        .put_json_as(&r.moderator, &format!("/api/staff/quizzes/{id}"), &changed)
        .await;
    assert_eq!(status, 400);
    assert!(
        body["messages"]["questions"][0]
            .as_str()
            .unwrap()
            .starts_with("Members have taken this quiz")
    );
    let (_, stored) = app
        .get_json_as(&r.admin, &format!("/api/staff/quizzes/{id}"))
        .await;
    let mut settings = two_questions(true);
    settings["questions"] = stored["data"]["questions"].clone();
    settings["pass_mark"] = json!(80);
    let (status, body) = app
        .put_json_as(&r.moderator, &format!("/api/staff/quizzes/{id}"), &settings)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["pass_mark"], 80);
    assert_eq!(body["data"]["attempts_taken"], 1);
    let (status, body) = app
        .delete_as(&r.moderator, &format!("/api/staff/quizzes/{id}"))
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        body["message"],
        "Members have taken this quiz, so it cannot be deleted. Unpublish it instead."
    );

    let (_, log) = app
        .get_json_as(
            &r.admin,
            &format!("/api/staff/audit?subject_type=quiz&subject_id={id}"),
        )
        .await;
    let actions: Vec<&str> = log["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["quiz.update", "quiz.update", "quiz.create"]);
    assert_eq!(log["data"][0]["before"]["pass_mark"], 50);
    assert_eq!(log["data"][0]["after"]["pass_mark"], 80);
}

#[tokio::test]
async fn questions_members_could_not_answer_are_refused() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    let mut bad = two_questions(true);
    bad["questions"][0]["options"][1]["is_correct"] = json!(true);
    bad["questions"][1]["options"] = json!([{"text": "Alone"}]);
    let (status, body) = app
        .post_json_as(&r.moderator, "/api/staff/quizzes", &bad)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["questions[0].options"],
        json!(["Mark exactly one option as right."])
    );
    assert_eq!(
        body["messages"]["questions[1].options"],
        json!(["Give at least two options."])
    );

    let mut bad = two_questions(true);
    bad["questions"] = json!([]);
    bad["pass_mark"] = json!(0);
    let (status, body) = app
        .post_json_as(&r.moderator, "/api/staff/quizzes", &bad)
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["pass_mark"],
        json!(["Ensure this value is between 1 and 100."])
    );
    let mut bad = two_questions(true);
    bad["questions"] = json!([]);
    let (status, body) = app
        .post_json_as(&r.moderator, "/api/staff/quizzes", &bad)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["questions"],
        json!(["Add at least one question."])
    );
    let (_, list) = app.get_json_as(&r.moderator, "/api/staff/quizzes").await;
    assert_eq!(list["pagination"]["count"], 0, "nothing was saved");

    // Nobody has taken this one: it can be deleted.
    let (_, body) = app
        .post_json_as(&r.moderator, "/api/staff/quizzes", &two_questions(false))
        .await;
    let id = body["data"]["id"].clone();
    let (status, _) = app
        .delete_as(&r.moderator, &format!("/api/staff/quizzes/{id}"))
        .await;
    assert_eq!(status, 200);
}

/// Issue 15, finding 10: `javascript:` and other non-http(s) addresses were accepted for a
/// question's video and frame; a frame now shows only this site or an allowed player.
#[tokio::test]
async fn question_videos_and_frames_take_only_safe_addresses() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    let with = |field: &str, value: &str| {
        let mut quiz = two_questions(false);
        quiz["questions"][0][field] = json!(value);
        quiz
    };
    for (field, value, message) in [
        ("video_url", "javascript:alert(1)", "Not a valid url"),
        ("iframe_url", "javascript:alert(1)", "Not a valid url"),
        ("iframe_url", "/\\evil.example", "Not a valid url"),
        (
            "iframe_url",
            "https://evil.example/phish",
            "Only pages of this site or of an allowed video player can be embedded.",
        ),
    ] {
        let (status, body) = app
            .post_json_as(&r.moderator, "/api/staff/quizzes", &with(field, value))
            .await;
        assert_eq!(status, 400, "{field} {value}: {body}");
        assert_eq!(
            body["messages"][format!("questions[0].{field}")],
            json!([message]),
            "{field} {value}: {body}"
        );
    }
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/quizzes",
            &with("iframe_url", "https://player.vimeo.com/video/1"),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["data"]["questions"][0]["iframe_url"],
        "https://player.vimeo.com/video/1"
    );
    // A blank link is none; one longer than the contract's 1024 characters is refused.
    let (status, body) = app
        .post_json_as(&r.moderator, "/api/staff/quizzes", &with("video_url", "  "))
        .await;
    assert_eq!(status, 201, "{body}");
    assert!(
        body["data"]["questions"][0]["video_url"].is_null(),
        "{body}"
    );
    let long = format!("https://video.example/{}", "a".repeat(1024));
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/quizzes",
            &with("video_url", &long),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["questions[0].video_url"],
        json!(["Ensure this field has no more than 1024 characters."])
    );
}
