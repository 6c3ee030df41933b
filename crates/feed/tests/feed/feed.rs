use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, join, setup};

fn events(body: &Value) -> Vec<String> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["event_type"].as_str().unwrap().to_owned())
        .collect()
}

async fn topic(app: &TestApp, token: &str, group_id: i64, text: &str, public: bool) -> Value {
    let (status, body) = app
        .post_json_as(
            token,
            &format!("/api/groups/{group_id}/discussions"),
            &json!({"text": text, "is_public": public}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"].clone()
}

#[tokio::test]
async fn the_feed_shows_what_each_viewer_may_see_with_filters_and_search() {
    let (app, staff, owner) = setup().await;
    let (group_id, slug) = approved_group(&app, &owner, &staff, "Feedable", &["stroke"]).await;
    let member = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    join(&app, &owner, &slug, &member).await;
    let outsider = app
        .signed_in_user("cy@example.org", "analytical 1843")
        .await;

    let public = topic(
        &app,
        &member,
        group_id,
        "<p>Open question about gait</p>",
        true,
    )
    .await;
    topic(&app, &member, group_id, "<p>Members only plan</p>", false).await;
    let form = reqwest::multipart::Form::new().text("text", "<p>A public answer</p>");
    app.client
        .post(app.url(&format!("/api/discussion/{}/comments", public["id"])))
        .bearer_auth(&owner)
        .multipart(form)
        .send()
        .await
        .unwrap();

    let (status, _) = app.get_json("/api/feed").await;
    assert_eq!(status, 401);
    let (_, mine) = app.get_json_as(&member, "/api/feed").await;
    assert_eq!(
        events(&mine),
        [
            "WORKING_GROUP_COMMENT_CREATED",
            "WORKING_GROUP_DISCUSSION_CREATED",
            "WORKING_GROUP_DISCUSSION_CREATED",
            "WORKING_GROUP_CREATED"
        ]
    );
    assert_eq!(mine["pagination"]["perPage"], 10);
    let comment = &mine["data"][0];
    assert_eq!(comment["object_type"], "COMMENT");
    assert_eq!(comment["content"]["discussion_id"], public["id"]);
    assert_eq!(comment["content"]["text"], "A public answer");
    assert_eq!(comment["related_content"]["slug"], slug.as_str());
    assert_eq!(comment["related_content"]["title"], "Feedable");
    assert_eq!(comment["actor"]["name"], "Test Member");
    assert!(comment["actor"].get("email").is_none());
    let created = &mine["data"][3];
    assert_eq!(created["object_type"], "WORKING_GROUP");
    assert!(
        created["related_content"]["summary"]
            .as_str()
            .unwrap()
            .contains("All about Feedable")
    );

    // The private topic is for the group's members only.
    let (_, theirs) = app.get_json_as(&outsider, "/api/feed").await;
    assert_eq!(
        events(&theirs),
        [
            "WORKING_GROUP_COMMENT_CREATED",
            "WORKING_GROUP_DISCUSSION_CREATED",
            "WORKING_GROUP_CREATED"
        ]
    );
    assert!(!theirs.to_string().contains("Members only plan"));

    let (_, filtered) = app
        .get_json_as(
            &member,
            "/api/feed?event_type=WORKING_GROUP_DISCUSSION_CREATED",
        )
        .await;
    assert_eq!(filtered["pagination"]["count"], 2);
    let (_, by_object) = app
        .get_json_as(&member, "/api/feed?object_type=COMMENT")
        .await;
    assert_eq!(by_object["pagination"]["count"], 1);
    let (_, searched) = app.get_json_as(&member, "/api/feed?search=GAIT").await;
    assert_eq!(events(&searched), ["WORKING_GROUP_DISCUSSION_CREATED"]);
    let (_, oldest) = app
        .get_json_as(&member, "/api/feed?ordering=created_at")
        .await;
    assert_eq!(oldest["data"][0]["event_type"], "WORKING_GROUP_CREATED");
    let (status, _) = app.get_json_as(&member, "/api/feed?event_type=NOPE").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_dashboard_counts_members_groups_and_joined_groups() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Counted", &["stroke"]).await;
    approved_group(&app, &owner, &staff, "Counted too", &["stroke"]).await;
    let member = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    join(&app, &owner, &slug, &member).await;
    let (status, body) = app.get_json_as(&member, "/api/dashboard/counters").await;
    assert_eq!(status, 200);
    // Staff, owner and member.
    assert_eq!(
        body["data"],
        json!({"total_contributors": 3, "total_working_groups": 2, "total_working_groups_joined": 1})
    );
    let (_, body) = app.get_json_as(&owner, "/api/dashboard/counters").await;
    assert_eq!(body["data"]["total_working_groups_joined"], 0);
    let (status, _) = app.get_json("/api/dashboard/counters").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn seeded_blog_posts_appear_in_the_feed() {
    let app = testkit::spawn_app().await;
    app.seed_demo().await;
    let reader = app
        .signed_in_user("reader@example.org", "analytical 1843")
        .await;
    let (_, body) = app
        .get_json_as(&reader, "/api/feed?event_type=BLOG_CREATED&perPage=20")
        .await;
    assert_eq!(body["pagination"]["count"], 12);
    assert_eq!(body["data"][0]["object_type"], "BLOG");
    assert!(
        body["data"][0]["related_content"]["image"]
            .as_str()
            .unwrap()
            .starts_with("/media/blog/")
    );
}

fn texts(body: &Value) -> Vec<String> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["content"]["text"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn the_feed_and_notifications_show_what_posts_read_now() {
    let (app, staff, owner) = setup().await;
    let (group_id, slug) = approved_group(&app, &owner, &staff, "Current", &["stroke"]).await;
    let member = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    join(&app, &owner, &slug, &member).await;
    let outsider = app
        .signed_in_user("cy@example.org", "analytical 1843")
        .await;
    let posted = topic(&app, &owner, group_id, "<p>First wording</p>", true).await;
    let id = posted["id"].as_i64().unwrap();
    let form = reqwest::multipart::Form::new().text("text", "<p>A reply to remove</p>");
    let reply: Value = app
        .client
        .post(app.url(&format!("/api/discussion/{id}/comments")))
        .bearer_auth(&member)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (_, before) = app.get_json_as(&outsider, "/api/feed").await;
    assert!(texts(&before).contains(&"A reply to remove".to_owned()));
    let (_, notes) = app
        .get_json_as(&owner, "/api/me/notifications?perPage=50")
        .await;
    assert!(notes.to_string().contains("A reply to remove"), "{notes}");

    // An edit shows its new text, in the feed and in the notification's excerpt.
    let (status, _) = app
        .put_json_as(
            &owner,
            &format!("/api/groups/{group_id}/discussions/{id}"),
            &json!({"text": "<p>Second wording</p>"}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, after) = app.get_json_as(&outsider, "/api/feed").await;
    assert!(texts(&after).contains(&"Second wording".to_owned()));
    assert!(!after.to_string().contains("First wording"));
    let (_, searched) = app
        .get_json_as(&outsider, "/api/feed?search=second%20wording")
        .await;
    assert_eq!(searched["data"].as_array().unwrap().len(), 1);

    // A deleted reply leaves every feed; its notification no longer quotes it.
    let (status, _) = app
        .delete_as(
            &member,
            &format!("/api/discussion/{id}/comments/{}", reply["data"]["id"]),
        )
        .await;
    assert_eq!(status, 200);
    for viewer in [&outsider, &member, &owner] {
        let (_, feed) = app.get_json_as(viewer, "/api/feed").await;
        assert!(!feed.to_string().contains("A reply to remove"), "{feed}");
    }
    let (_, notes) = app
        .get_json_as(&owner, "/api/me/notifications?perPage=50")
        .await;
    assert!(!notes.to_string().contains("A reply to remove"), "{notes}");
    assert!(
        notes.to_string().contains("Test Member: Deleted"),
        "{notes}"
    );

    // A topic made private leaves the feed of those outside the group, count included.
    let (_, counted) = app.get_json_as(&outsider, "/api/feed").await;
    let total = counted["pagination"]["count"].clone();
    let (status, _) = app
        .put_json_as(
            &owner,
            &format!("/api/groups/{group_id}/discussions/{id}"),
            &json!({"text": "<p>Second wording</p>", "is_public": false}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, outside) = app.get_json_as(&outsider, "/api/feed").await;
    assert!(!outside.to_string().contains("Second wording"));
    assert_eq!(
        outside["pagination"]["count"].as_i64(),
        total.as_i64().map(|n| n - 1)
    );
    let (_, inside) = app.get_json_as(&member, "/api/feed").await;
    assert!(texts(&inside).contains(&"Second wording".to_owned()));
}
