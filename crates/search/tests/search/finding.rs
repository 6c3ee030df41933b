//! Issue 23 §4: every kind is found, ranked, with its matching words marked; the query
//! reads like a web search; bad input is refused in the envelope.

use serde_json::{Value, json};
use testkit::groups::{approved_group, setup};
use testkit::projects::{live, make_eligible};

const PASSWORD: &str = "analytical 1843";

/// The results of `path` for `token` (or anyone): (kind, title) pairs, best first.
pub async fn found(
    app: &testkit::TestApp,
    token: Option<&str>,
    query: &str,
) -> Vec<(String, String)> {
    let path = format!("/api/search?{query}");
    let (status, body) = match token {
        Some(token) => app.get_json_as(token, &path).await,
        None => app.get_json(&path).await,
    };
    assert_eq!(status, 200, "{body}");
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["kind"].as_str().unwrap().to_owned(),
                h["title"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

pub async fn blog_post(
    app: &testkit::TestApp,
    staff: &str,
    title: &str,
    body: &str,
    published: bool,
) -> i64 {
    let (status, post) = app
        .post_json_as(
            staff,
            "/api/staff/blog/posts",
            &json!({"title": title, "description": "", "body": body, "published": published}),
        )
        .await;
    assert_eq!(status, 201, "{post}");
    post["data"]["id"].as_i64().unwrap()
}

fn hits(hit: &Value) -> Vec<String> {
    hit["snippet"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|part| part["hit"] == true)
        .map(|part| part["text"].as_str().unwrap().to_lowercase())
        .collect()
}

#[tokio::test]
async fn every_kind_is_found_ranked_and_highlighted() {
    let (app, staff, owner) = setup().await;
    let (group_id, slug) =
        approved_group(&app, &owner, &staff, "Aphasia circle", &["stroke"]).await;
    let (status, topic) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{group_id}/discussions"),
            &json!({"text": "<p>Mirror therapy helped my <b>aphasia</b> recovery</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{topic}");
    let topic_id = topic["data"]["id"].as_i64().unwrap();
    let form = reqwest::multipart::Form::new().text(
        "text",
        "<p>Speech therapies for aphasia, twice a week &amp; more</p>",
    );
    let response = app
        .client
        .post(app.url(&format!("/api/discussion/{topic_id}/comments")))
        .bearer_auth(&owner)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    blog_post(
        &app,
        &staff,
        "Aphasia: what families should know",
        "<p>Talking helps.</p>",
        true,
    )
    .await;
    blog_post(
        &app,
        &staff,
        "Caring at home",
        "<p>Some carers meet aphasia daily.</p>",
        true,
    )
    .await;
    blog_post(&app, &staff, "Aphasia draft", "<p>Not yet.</p>", false).await;
    let (status, body) = app
        .post_json_as(
            &staff,
            "/api/staff/lectures",
            &json!({"title": "Aphasia rehabilitation", "author": "Dr. Ada Okafor", "video_url": "https://video.example.org/a.webm"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let therapist = app.signed_in_user("sam@example.org", PASSWORD).await;
    let (status, body) = app
        .patch_json_as(
            &therapist,
            "/api/me",
            &json!({"title": "Speech therapist", "bio": "I treat aphasia after stroke.", "current_password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    live(&app, &owner, &staff, "Aphasia apps at home").await;

    let all = found(&app, None, "q=aphasia").await;
    let kinds: Vec<&str> = all.iter().map(|(kind, _)| kind.as_str()).collect();
    for kind in [
        "group",
        "topic",
        "reply",
        "blog_post",
        "lecture",
        "profile",
        "project",
    ] {
        assert!(kinds.contains(&kind), "{kind} missing from {all:?}");
    }
    assert!(
        !all.iter().any(|(_, title)| title == "Aphasia draft"),
        "an unpublished post is nobody's result: {all:?}"
    );

    // Ranked: a title that says it outranks a body that mentions it.
    let posts = found(&app, None, "q=aphasia&type=blog_post").await;
    assert_eq!(
        posts,
        vec![
            (
                "blog_post".to_owned(),
                "Aphasia: what families should know".to_owned()
            ),
            ("blog_post".to_owned(), "Caring at home".to_owned()),
        ]
    );

    // Marked words, without markup; words match their other forms (therapies, therapy).
    let (_, body) = app.get_json("/api/search?q=therapy&type=reply").await;
    let reply = &body["data"][0];
    assert_eq!(reply["kind"], "reply");
    assert_eq!(reply["place"], "Aphasia circle");
    assert_eq!(reply["route"], format!("/working-groups/{slug}#discussion"));
    assert_eq!(hits(reply), vec!["therapies"]);
    let text: String = reply["snippet"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["text"].as_str().unwrap())
        .collect();
    assert_eq!(text, "Speech therapies for aphasia, twice a week & more");
    assert!(
        reply["title"]
            .as_str()
            .unwrap()
            .starts_with("Mirror therapy helped my aphasia")
    );

    // Web-search syntax: excluded words, phrases, alternatives.
    let without = found(&app, None, "q=aphasia+-mirror&type=topic").await;
    assert!(without.is_empty(), "{without:?}");
    let phrase = found(&app, None, "q=%22twice+a+week%22").await;
    assert_eq!(phrase.len(), 1, "{phrase:?}");
    let either = found(&app, None, "q=okafor+or+carers").await;
    assert_eq!(either.len(), 2, "{either:?}");
}

#[tokio::test]
async fn bad_input_is_refused_in_the_envelope_and_nothing_to_find_is_empty() {
    let app = testkit::spawn_app().await;
    for (query, field) in [
        ("q=", "q"),
        ("q=+++", "q"),
        ("", "q"),
        (&*format!("q={}", "a".repeat(201)), "q"),
        ("q=stroke&page=11", "page"),
    ] {
        let (status, body) = app.get_json(&format!("/api/search?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["messages"][field].is_array(), "{query}: {body}");
    }
    let (status, body) = app.get_json("/api/search?q=stroke&type=planet").await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = app.get_json("/api/search?q=%21%21%21+-mice").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, json!({"data": [], "page": 1, "has_more": false}));
}
