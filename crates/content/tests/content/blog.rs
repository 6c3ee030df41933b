use serde_json::{Value, json};

fn titles(body: &Value) -> Vec<String> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_owned())
        .collect()
}

async fn category_id(app: &testkit::TestApp, name: &str) -> i64 {
    let (_, body) = app.get_json("/api/blog/api/pages/categories").await;
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn the_blog_lists_filters_and_shows_posts() {
    let app = testkit::spawn_app().await;
    app.seed_demo().await;

    let (_, page) = app.get_json("/api/blog/api/pages").await;
    assert_eq!(
        page["pagination"],
        json!({"currentPage": 1, "perPage": 9, "total": 2, "count": 12})
    );
    assert_eq!(
        page["data"][0]["title"],
        "Why patients belong on research teams"
    );
    assert!(page["data"][0].get("body").is_none());
    let (_, second) = app.get_json("/api/blog/api/pages?page=2").await;
    assert_eq!(second["data"].as_array().unwrap().len(), 3);

    // Two categories: posts in either, newest first.
    let funding = category_id(&app, "Funding").await;
    let news = category_id(&app, "Community news").await;
    let (_, filtered) = app
        .get_json(&format!(
            "/api/blog/api/pages?categories={funding},{news}&perPage=20"
        ))
        .await;
    assert_eq!(filtered["pagination"]["count"], 7);
    let (_, searched) = app
        .get_json(&format!(
            "/api/blog/api/pages?categories={funding}&search=PLEDGE"
        ))
        .await;
    assert_eq!(titles(&searched), ["Pledges, explained"]);
    let (_, by_title) = app
        .get_json("/api/blog/api/pages?ordering=title&perPage=3")
        .await;
    assert_eq!(
        titles(&by_title),
        [
            "A prize for first ideas",
            "Caregivers are experts too",
            "Choosing outcomes that matter"
        ]
    );

    let (status, post) = app
        .get_json("/api/blog/api/pages/registries-done-right")
        .await;
    assert_eq!(status, 200);
    let post = &post["data"];
    assert!(
        post["body"]
            .as_str()
            .unwrap()
            .contains("<h2>What this means for you</h2>")
    );
    assert_eq!(post["categories"][0]["name"], "Research methods");
    assert_eq!(post["author"]["name"], "Dr. Amira Haddad");
    assert_eq!(post["can_create_discussion"], true);
    assert!(post["author"].get("email").is_none());
    let (status, by_id) = app
        .get_json(&format!("/api/blog/api/pages/{}", post["id"]))
        .await;
    assert_eq!(status, 200);
    assert_eq!(by_id["data"]["slug"], "registries-done-right");
    let (status, _) = app.get_json("/api/blog/api/pages/no-such-post").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn drafts_are_for_staff_and_discussion_follows_the_post() {
    let app = testkit::spawn_app().await;
    app.seed_demo().await;
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let reader = app
        .signed_in_user("reader@example.org", "analytical 1843")
        .await;
    content::service::blog::save(
        &app.ctx.db,
        content::service::blog::PostDraft {
            slug: "draft-post".into(),
            title: "Draft".into(),
            description: "<p>Soon</p>".into(),
            body: "<p>Not yet<script>x</script></p>".into(),
            header_image: None,
            date: kernel::clock::now(),
            author_id: None,
            published: false,
            can_create_discussion: false,
            tags: vec![],
            categories: vec![],
        },
    )
    .await
    .unwrap();
    let (status, _) = app.get_json("/api/blog/api/pages/draft-post").await;
    assert_eq!(status, 404);
    let (status, draft) = app
        .get_json_as(&staff, "/api/blog/api/pages/draft-post")
        .await;
    assert_eq!(status, 200);
    assert_eq!(draft["data"]["body"], "<p>Not yet</p>");
    let (_, list) = app.get_json("/api/blog/api/pages?search=draft").await;
    assert_eq!(list["data"], json!([]));

    // A published post takes topics from signed-in readers; visitors read.
    let (_, post) = app.get_json("/api/blog/api/pages/pledges-explained").await;
    let path = format!("/api/blog/api/{}/discussions", post["data"]["id"]);
    let (status, body) = app.get_json(&path).await;
    assert_eq!(status, 200);
    assert_eq!(body["permissions"]["can_create_discussion"], false);
    let (_, body) = app.get_json_as(&reader, &path).await;
    assert_eq!(body["permissions"]["can_create_discussion"], true);
    assert_eq!(body["permissions"]["can_set_private"], false);
    let (status, body) = app
        .post_json_as(
            &reader,
            &path,
            &json!({"text": "<p>Can I change a pledge later?</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, _) = app
        .post_json_as(
            &reader,
            &path,
            &json!({"text": "<p>Private?</p>", "is_public": false}),
        )
        .await;
    assert_eq!(status, 403);

    // The draft allows no discussion, and readers cannot even find it.
    let (status, _) = app
        .get_json_as(
            &reader,
            &format!("/api/blog/api/{}/discussions", draft["data"]["id"]),
        )
        .await;
    assert_eq!(status, 404);
    let (_, body) = app
        .get_json_as(
            &staff,
            &format!("/api/blog/api/{}/discussions", draft["data"]["id"]),
        )
        .await;
    assert_eq!(body["permissions"]["can_create_discussion"], false);
    assert_eq!(body["permissions"]["can_moderate"], true);
}
