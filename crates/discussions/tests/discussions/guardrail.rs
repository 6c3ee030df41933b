//! Issue 24 §1: the patient-data guardrail at the door of a discussion. Flagged text needs
//! its author's declaration (kept), and is refused outright where the group's owner made
//! the check blocking; clear text goes through untouched.

use serde_json::json;

use crate::support::{Scene, file};

const FLAGGED: &str =
    "<p>Mrs Jane Doe was diagnosed with multiple sclerosis; call her on 07700 900123.</p>";

async fn declarations(scene: &Scene) -> Vec<(String, String)> {
    use sea_orm::{ConnectionTrait, Statement};
    let db = &scene.app.ctx.db;
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT place, kinds FROM phi_declarations ORDER BY id",
        ))
        .await
        .unwrap();
    rows.iter()
        .map(|r| {
            (
                r.try_get("", "place").unwrap(),
                r.try_get("", "kinds").unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn flagged_posts_need_a_declaration_and_a_blocking_group_takes_none() {
    let scene = Scene::new().await;
    let app = &scene.app;

    // The scan the editor runs first: each finding with its context.
    let (status, _) = app
        .post_json("/api/guardrail/scan", &json!({"text": FLAGGED}))
        .await;
    assert_eq!(status, 401);
    let (status, body) = app
        .post_json_as(
            &scene.member,
            "/api/guardrail/scan",
            &json!({"text": FLAGGED}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let findings = body["data"]["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 2, "{body}");
    assert_eq!(findings[0]["kind"], "name_with_diagnosis");
    assert_eq!(findings[0]["label"], "A name next to a diagnosis");
    assert_eq!(
        findings[0]["text"],
        "Mrs Jane Doe was diagnosed with multiple sclerosis"
    );
    assert_eq!(findings[1]["kind"], "phone");
    assert_eq!(findings[1]["text"], "07700 900123");
    assert_eq!(
        findings[1]["before"],
        "ed with multiple sclerosis; call her on "
    );
    assert_eq!(findings[1]["after"], ".");
    let (_, body) = app
        .post_json_as(
            &scene.member,
            "/api/guardrail/scan",
            &json!({"text": "<p>We meet on Thursday.</p>"}),
        )
        .await;
    assert_eq!(body["data"]["findings"], json!([]));

    // Without the declaration: refused on the text, nothing saved or recorded.
    let (status, body) = app
        .post_json_as(&scene.member, &scene.topics(), &json!({"text": FLAGGED}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["text"],
        json!([
            "This text may identify a patient (a name next to a diagnosis, a phone number). Edit it, or confirm that you may share it."
        ])
    );
    assert_eq!(declarations(&scene).await, []);

    // With it: published, and the declaration kept with what was found.
    let (status, body) = app
        .post_json_as(
            &scene.member,
            &scene.topics(),
            &json!({"text": FLAGGED, "phi_declared": true}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let topic = body["data"]["id"].as_i64().unwrap();
    let place = format!("discussion:groups:{}", scene.group_id);
    assert_eq!(
        declarations(&scene).await,
        [(place.clone(), "name_with_diagnosis,phone".to_owned())]
    );

    // Replies, as multipart with files or not, go through the same door.
    let reply = reqwest::multipart::Form::new().text("text", "<p>Her DOB: 12/03/1961.</p>");
    let (status, body) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.member,
            &format!("/api/discussion/{topic}/comments"),
            reply,
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["messages"]["text"][0]
            .as_str()
            .unwrap()
            .contains("a date of birth")
    );
    let reply = reqwest::multipart::Form::new()
        .text("text", "<p>Her DOB: 12/03/1961.</p>")
        .text("phi_declared", "true");
    let (status, body) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.member,
            &format!("/api/discussion/{topic}/comments"),
            reply,
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(declarations(&scene).await.len(), 2);

    // The owner makes the check blocking: a declaration no longer publishes flagged text,
    // and the discussion says so to the editor; clear text still goes through.
    let phi_check = format!("/api/groups/{}/phi-check", scene.slug);
    let (status, _) = app
        .put_json_as(&scene.member, &phi_check, &json!({"blocking": true}))
        .await;
    assert_eq!(status, 403);
    let (status, body) = app
        .put_json_as(&scene.owner, &phi_check, &json!({"blocking": true}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Posts that may identify a patient are now held back until their author edits them."
    );
    let (_, body) = app.get_json_as(&scene.member, &scene.topics()).await;
    assert_eq!(body["permissions"]["phi_blocking"], true);
    let (status, body) = app
        .post_json_as(
            &scene.member,
            &scene.topics(),
            &json!({"text": FLAGGED, "phi_declared": true}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["messages"]["text"][0]
            .as_str()
            .unwrap()
            .starts_with("This working group does not publish text that may identify a patient")
    );
    let (status, body) = app
        .put_json_as(
            &scene.member,
            &format!("{}/{topic}", scene.topics()),
            &json!({"text": FLAGGED, "phi_declared": true}),
        )
        .await;
    assert_eq!(status, 400, "an edit meets the same check: {body}");
    let (status, _) = app
        .post_json_as(
            &scene.member,
            &scene.topics(),
            &json!({"text": "<p>Minutes attached.</p>"}),
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(
        declarations(&scene).await.len(),
        2,
        "nothing declared while blocking"
    );
}

/// A one-page PDF whose text layer says `text`, titled `title`.
fn pdf_saying(text: &str, title: &str) -> Vec<u8> {
    use media::pdf::{A4, Font, Page};
    let mut page = Page::new(A4).unwrap();
    page.text(Font::Regular, 12, 50, 700, text);
    page.finish(title).unwrap()
}

#[tokio::test]
async fn an_attached_pdf_is_read_for_what_it_publishes() {
    let scene = Scene::new().await;
    let letter = || {
        pdf_saying(
            "Discharge letter. DOB: 04/11/1958.",
            "Letter for the clinic",
        )
    };
    // The scan reads the file: its text layer's finding, named by the file, and its metadata.
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>The letter is attached.</p>")
        .part("files", file("letter.pdf", letter()));
    let (status, body) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.member,
            "/api/guardrail/scan",
            form,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let finding = &body["data"]["findings"][0];
    assert_eq!(finding["kind"], "date_of_birth");
    assert_eq!(finding["file"], "letter.pdf");
    assert_eq!(finding["text"], "04/11/1958");
    assert!(
        body["data"]["metadata"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["name"] == "Title"
                && m["value"] == "Letter for the clinic"
                && m["removed"] == false),
        "{body}"
    );

    // Posting it without the declaration is refused on the files, naming the file.
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>The letter is attached.</p>")
        .part("files", file("letter.pdf", letter()));
    let (status, body) = scene
        .send_form(reqwest::Method::POST, &scene.member, &scene.topics(), form)
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["files"],
        json!([
            "“letter.pdf” may identify a patient (a date of birth) in its text or metadata. Remove it, or confirm that you may share it."
        ])
    );
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>The letter is attached.</p>")
        .text("phi_declared", "true")
        .part("files", file("letter.pdf", letter()));
    let (status, body) = scene
        .send_form(reqwest::Method::POST, &scene.member, &scene.topics(), form)
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        declarations(&scene).await,
        [(
            format!("discussion:groups:{}", scene.group_id),
            "date_of_birth".to_owned()
        )]
    );
}

/// Issue 44 §2, §3: long posts full of names and diagnoses, scanned four at once, leave the
/// server answering: the scan grows with the text (it was quadratic) and runs off the
/// request workers.
#[tokio::test]
async fn long_scans_at_once_leave_the_server_answering() {
    let scene = Scene::new().await;
    let app = &scene.app;
    let body = json!({"text": format!("<p>{}</p>", "Mary diabetes ".repeat(10_000))});
    let scans: Vec<_> = (0..4)
        .map(|_| app.post_json_as(&scene.member, "/api/guardrail/scan", &body))
        .collect();
    let health = async {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let started = std::time::Instant::now();
        let (status, _) = app.get_json("/api/health/live").await;
        (status, started.elapsed())
    };
    let (answers, (status, took)) = tokio::join!(futures_util::future::join_all(scans), health);
    assert_eq!(status, 200);
    assert!(
        took < std::time::Duration::from_millis(1000),
        "health took {took:?}"
    );
    for (status, body) in answers {
        assert_eq!(status, 200);
        // The pairs run into each other: one finding, from the first name to the last.
        assert_eq!(body["data"]["findings"][0]["kind"], "name_with_diagnosis");
    }
}

/// Issue 44 §6: a text part past its limit is named as text, not as a file.
#[tokio::test]
async fn a_text_part_too_long_says_so() {
    let scene = Scene::new().await;
    let form = reqwest::multipart::Form::new().text("text", "a".repeat(201 * 1024));
    let (status, body) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.member,
            "/api/guardrail/scan",
            form,
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["text"],
        json!(["This text is too long. A post may hold at most 200 KB of text."])
    );
}
