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
