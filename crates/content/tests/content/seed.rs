use serde_json::Value;
use testkit::TestApp;

async fn count(app: &TestApp, path: &str) -> Value {
    let (status, body) = app.get_json(path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["pagination"]["count"].clone()
}

#[tokio::test]
async fn the_demo_seed_fills_the_site_and_running_it_again_changes_nothing() {
    let app = testkit::spawn_app().await;
    app.seed_demo().await;
    assert_eq!(count(&app, "/api/blog/api/pages").await, 12);
    assert_eq!(count(&app, "/api/expert-lectures").await, 6);
    assert_eq!(count(&app, "/api/groups").await, 4);
    let (_, categories) = app.get_json("/api/blog/api/pages/categories").await;
    assert_eq!(categories["data"].as_array().unwrap().len(), 4);
    let (_, menu) = app.get_json("/api/menus").await;
    let items = menu["data"].as_array().unwrap().len();
    assert!(items >= 4);

    app.seed_demo().await;
    assert_eq!(count(&app, "/api/blog/api/pages").await, 12);
    assert_eq!(count(&app, "/api/expert-lectures").await, 6);
    assert_eq!(count(&app, "/api/groups").await, 4);
    let (_, again) = app.get_json("/api/menus").await;
    assert_eq!(again["data"].as_array().unwrap().len(), items);
    let (_, categories) = app.get_json("/api/blog/api/pages/categories").await;
    assert_eq!(categories["data"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn the_demo_lectures_are_narrated_talks_with_captions() {
    let app = testkit::spawn_app().await;
    app.seed_demo().await;
    let member = app
        .signed_in_user("viewer@example.org", "analytical 1843")
        .await;
    let (_, lectures) = app.get_json_as(&member, "/api/expert-lectures").await;
    for lecture in lectures["data"].as_array().unwrap() {
        let video = app
            .client
            .get(app.url(lecture["video_file_url"].as_str().unwrap()))
            .send()
            .await
            .unwrap();
        assert_eq!(video.status(), 200);
        // A talk of a minute or so, not a title card: well past the old 40 KB clips.
        assert!(video.bytes().await.unwrap().len() > 100_000, "{lecture}");
        assert_eq!(
            lecture["captions"].as_array().unwrap().len(),
            1,
            "{lecture}"
        );
        assert_eq!(lecture["captions"][0]["language"], "en");
        let captions = app
            .client
            .get(app.url(lecture["captions"][0]["url"].as_str().unwrap()))
            .send()
            .await
            .unwrap();
        assert_eq!(captions.headers()["content-type"], "text/vtt");
        let text = captions.text().await.unwrap();
        assert!(text.starts_with("WEBVTT"));
        assert!(text.matches(" --> ").count() >= 5, "{text}");
    }
}
