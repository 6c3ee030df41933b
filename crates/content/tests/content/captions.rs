//! A lecture's captions: one WebVTT track per language, uploaded by staff, offered by the
//! player, flagged in the console while a lecture with a video has none (issue 21).

use serde_json::{Value, json};
use testkit::TestApp;
use testkit::staff::roles;

const ENGLISH: &str = "WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the lecture.\n";
const FRENCH: &str = "WEBVTT - Français\n\n00:00.000 --> 00:02.000\nBienvenue.\n";

async fn put_captions(app: &TestApp, token: &str, path: &str, text: &[u8]) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(text.to_vec()).file_name("captions.vtt");
    let response = app
        .client
        .put(app.url(path))
        .bearer_auth(token)
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .unwrap();
    testkit::read(response).await
}

async fn fetch(app: &TestApp, url: &Value) -> (u16, String, String) {
    let response = app
        .client
        .get(app.url(url.as_str().unwrap()))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, response.text().await.unwrap())
}

fn languages(lecture: &Value) -> Vec<&str> {
    lecture["captions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|track| track["language"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn staff_upload_captions_per_language_and_the_console_flags_a_lecture_without() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/lectures",
            &json!({"title": "Reading a trial", "author": "Dr. Ada Okafor", "video_url": "https://video.example.org/trial.webm"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["needs_captions"], true);
    assert_eq!(body["data"]["captions"], json!([]));
    let id = body["data"]["id"].clone();
    let track = |language: &str| format!("/api/staff/lectures/{id}/captions/{language}");

    // Checked by content: a SubRip file named .vtt is refused with the field's message.
    let (status, body) = put_captions(
        &app,
        &r.moderator,
        &track("en"),
        b"1\n00:00:00,000 --> 00:00:02,000\nHi\n",
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["file"],
        json!(["Upload captions as a WebVTT file (.vtt)."])
    );
    let (status, _) = put_captions(&app, &r.moderator, &track("xx"), ENGLISH.as_bytes()).await;
    assert_eq!(status, 404);

    let (status, body) = put_captions(&app, &r.moderator, &track("en"), ENGLISH.as_bytes()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["needs_captions"], false);
    let (status, body) = put_captions(&app, &r.moderator, &track("fr"), FRENCH.as_bytes()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(languages(&body["data"]), ["en", "fr"]);
    let first_english = body["data"]["captions"][0]["url"].clone();
    let (status, kind, text) = fetch(&app, &first_english).await;
    assert_eq!(
        (status, kind.as_str(), text.as_str()),
        (200, "text/vtt", ENGLISH)
    );

    // A new English track replaces the old one, whose file goes.
    let revised = ENGLISH.replace("Welcome", "Welcome back");
    let (status, body) = put_captions(&app, &r.moderator, &track("en"), revised.as_bytes()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(languages(&body["data"]), ["en", "fr"]);
    let english = body["data"]["captions"][0]["url"].clone();
    assert_ne!(english, first_english);
    assert_eq!(fetch(&app, &english).await.2, revised);
    assert_eq!(fetch(&app, &first_english).await.0, 404);

    // The lecture and the list offer both tracks to members (who watch).
    let (_, public) = app
        .get_json_as(&r.member, &format!("/api/expert-lectures/{id}"))
        .await;
    assert_eq!(languages(&public["data"]), ["en", "fr"]);
    let (_, list) = app.get_json_as(&r.member, "/api/expert-lectures").await;
    let listed = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == id)
        .unwrap();
    assert_eq!(languages(listed), ["en", "fr"]);

    // Members never reach the console's uploads.
    let (status, _) = put_captions(&app, &r.member, &track("de"), ENGLISH.as_bytes()).await;
    assert_eq!(status, 404);

    let (status, body) = app.delete_as(&r.moderator, &track("fr")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(languages(&body["data"]), ["en"]);
    let (status, _) = app.delete_as(&r.moderator, &track("fr")).await;
    assert_eq!(status, 404);
    let (_, history) = app
        .get_json_as(
            &r.admin,
            &format!("/api/staff/audit?subject_type=lecture&subject_id={id}"),
        )
        .await;
    let actions: Vec<&str> = history["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions
            .iter()
            .filter(|a| **a == "lecture.set_captions")
            .count(),
        3
    );
    assert!(actions.contains(&"lecture.remove_captions"));

    // Deleting the lecture deletes its tracks' files.
    let (status, _) = app
        .delete_as(&r.moderator, &format!("/api/staff/lectures/{id}"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(fetch(&app, &english).await.0, 404);
}
