use reqwest::Method;
use serde_json::{Value, json};
use testkit::pictures::jpeg;
use testkit::staff::{assert_hidden, roles};
use testkit::{TestApp, spawn_app};

async fn audit(app: &TestApp, admin: &str, subject_type: &str, id: &Value) -> Vec<Value> {
    let (status, body) = app
        .get_json_as(
            admin,
            &format!("/api/staff/audit?subject_type={subject_type}&subject_id={id}"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn every_content_endpoint_is_hidden_from_visitors_and_members() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let body = json!({});
    let calls: Vec<(Method, &str)> = vec![
        (Method::GET, "/api/staff/blog/posts"),
        (Method::POST, "/api/staff/blog/posts"),
        (Method::GET, "/api/staff/blog/posts/1"),
        (Method::PUT, "/api/staff/blog/posts/1"),
        (Method::DELETE, "/api/staff/blog/posts/1"),
        (Method::POST, "/api/staff/blog/posts/1/set-image"),
        (Method::GET, "/api/staff/blog/categories"),
        (Method::POST, "/api/staff/blog/categories"),
        (Method::PUT, "/api/staff/blog/categories/1"),
        (Method::DELETE, "/api/staff/blog/categories/1"),
        (Method::GET, "/api/staff/pages"),
        (Method::POST, "/api/staff/pages"),
        (Method::GET, "/api/staff/pages/1"),
        (Method::PUT, "/api/staff/pages/1"),
        (Method::DELETE, "/api/staff/pages/1"),
        (Method::GET, "/api/staff/menus/main"),
        (Method::POST, "/api/staff/menus/main/items"),
        (Method::PUT, "/api/staff/menus/items/1"),
        (Method::POST, "/api/staff/menus/items/1/move"),
        (Method::DELETE, "/api/staff/menus/items/1"),
        (Method::POST, "/api/staff/menus/items/1/set-image"),
        (Method::GET, "/api/staff/banners"),
        (Method::PUT, "/api/staff/banners/dashboard"),
        (Method::POST, "/api/staff/banners/dashboard/set-image"),
        (Method::GET, "/api/staff/lectures"),
        (Method::POST, "/api/staff/lectures"),
        (Method::GET, "/api/staff/lectures/1"),
        (Method::PUT, "/api/staff/lectures/1"),
        (Method::DELETE, "/api/staff/lectures/1"),
        (Method::POST, "/api/staff/lectures/1/set-poster"),
        (Method::POST, "/api/staff/lectures/1/set-video"),
        (Method::PUT, "/api/staff/lectures/1/captions/en"),
        (Method::DELETE, "/api/staff/lectures/1/captions/en"),
        (Method::GET, "/api/staff/contact-messages"),
        (Method::POST, "/api/staff/contact-messages/1/handled"),
        (Method::GET, "/api/staff/update-signups"),
        (Method::GET, "/api/staff/update-signups.csv"),
    ];
    for (method, path) in calls {
        let with_body = matches!(method, Method::POST | Method::PUT).then_some(&body);
        assert_hidden(&app, &r, method, path, with_body).await;
    }
    for token in [&r.moderator, &r.admin] {
        for path in [
            "/api/staff/blog/posts",
            "/api/staff/pages",
            "/api/staff/banners",
            "/api/staff/update-signups.csv",
        ] {
            let response = app
                .client
                .get(app.url(path))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{path}");
        }
    }
}

#[tokio::test]
async fn a_published_post_shows_on_the_blog_at_once_and_a_draft_never_does() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let (status, category) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/blog/categories",
            &json!({"name": "Trials"}),
        )
        .await;
    assert_eq!(status, 201, "{category}");
    let category_id = category["data"]["id"].clone();
    assert_eq!(category["data"]["slug"], "trials");

    let draft = json!({
        "title": "Recruiting for the ASPECT trial",
        "description": "<p>Who can take part.</p>",
        "body": "<p>We are <b>recruiting</b>.</p>",
        "categories": [category_id],
        "tags": ["stroke"],
        "author_id": r.member_id,
        "published": false,
    });
    let (status, body) = app
        .post_json_as(&r.moderator, "/api/staff/blog/posts", &draft)
        .await;
    assert_eq!(status, 201, "{body}");
    let post = &body["data"];
    let id = post["id"].clone();
    assert_eq!(post["slug"], "recruiting-for-the-aspect-trial");
    assert_eq!(post["published"], false);
    assert_eq!(post["author"]["id"], r.member_id);
    let (_, list) = app.get_json("/api/blog/api/pages").await;
    assert_eq!(list["pagination"]["count"], 0, "a draft is not on the blog");
    let (status, _) = app
        .get_json("/api/blog/api/pages/recruiting-for-the-aspect-trial")
        .await;
    assert_eq!(status, 404);

    let (status, body) = app
        .upload_as(
            &r.moderator,
            &format!("/api/staff/blog/posts/{id}/set-image"),
            "h.jpg",
            jpeg(1800, 900),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body["data"]["header_image"]
            .as_str()
            .unwrap()
            .ends_with(".jpg")
    );
    let (status, body) = app
        .upload_as(
            &r.moderator,
            &format!("/api/staff/blog/posts/{id}/set-image"),
            "h.jpg",
            b"<svg/>".to_vec(),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["messages"]["file"][0]
            .as_str()
            .unwrap()
            .starts_with("Upload a valid image")
    );

    let mut published = draft.clone();
    published["published"] = json!(true);
    let (status, body) = app
        .put_json_as(
            &r.moderator,
            &format!("/api/staff/blog/posts/{id}"),
            &published,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, list) = app.get_json("/api/blog/api/pages").await;
    assert_eq!(list["data"][0]["title"], "Recruiting for the ASPECT trial");
    assert!(list["data"][0]["header_image"].is_string());
    let (_, feed) = app.get_json_as(&r.member, "/api/feed").await;
    assert!(
        feed.to_string().contains("Recruiting for the ASPECT trial"),
        "announced: {feed}"
    );

    let history = audit(&app, &r.admin, "blog_post", &id).await;
    let actions: Vec<&str> = history
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "blog_post.update",
            "blog_post.set_image",
            "blog_post.create"
        ]
    );
    assert_eq!(history[0]["before"]["published"], false);
    assert_eq!(history[0]["after"]["published"], true);

    // The category is in use: refused, nothing recorded as done.
    let (status, body) = app
        .delete_as(
            &r.moderator,
            &format!("/api/staff/blog/categories/{category_id}"),
        )
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        body["message"],
        "This category is used by 1 post; take it off them first."
    );
    assert!(
        audit(&app, &r.admin, "blog_category", &category_id)
            .await
            .len()
            == 1
    );

    let (status, _) = app
        .delete_as(&r.moderator, &format!("/api/staff/blog/posts/{id}"))
        .await;
    assert_eq!(status, 200);
    let (_, list) = app.get_json("/api/blog/api/pages").await;
    assert_eq!(list["pagination"]["count"], 0);
    let (status, _) = app
        .delete_as(
            &r.moderator,
            &format!("/api/staff/blog/categories/{category_id}"),
        )
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_taken_slug_or_unsafe_html_is_refused_and_nothing_changes() {
    let app = spawn_app().await;
    app.seed_demo().await;
    let r = roles(&app).await;
    let (_, pages) = app
        .get_json_as(&r.admin, "/api/staff/pages?search=about-us")
        .await;
    let about = pages["data"][0].clone();
    assert_eq!(about["route"], "/about");
    let id = about["id"].clone();
    let (_, page) = app
        .get_json_as(&r.admin, &format!("/api/staff/pages/{id}"))
        .await;
    let original = page["data"].clone();

    let mut edit = original.clone();
    edit["slug"] = json!("terms-of-use");
    let (status, body) = app
        .put_json_as(&r.admin, &format!("/api/staff/pages/{id}"), &edit)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["slug"],
        json!(["A page with this address already exists."])
    );

    // Every required field answers at once, in the console's words, however it was left
    // empty (blank, spaces, left out); a long title names its limit.
    let mut edit = original.clone();
    edit["slug"] = json!("   ");
    edit["title"] = json!("");
    let (status, body) = app
        .put_json_as(&r.admin, &format!("/api/staff/pages/{id}"), &edit)
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["slug"], json!(["This field is required"]));
    assert_eq!(body["messages"]["title"], json!(["This field is required"]));
    let mut edit = original.clone();
    edit.as_object_mut().unwrap().remove("slug");
    edit["title"] = json!("t".repeat(201));
    let (status, body) = app
        .put_json_as(&r.admin, &format!("/api/staff/pages/{id}"), &edit)
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["slug"], json!(["This field is required"]));
    assert_eq!(
        body["messages"]["title"],
        json!(["Ensure this field has no more than 200 characters."])
    );

    let mut edit = original.clone();
    edit["slug"] = json!("About Us");
    let (status, body) = app
        .put_json_as(&r.admin, &format!("/api/staff/pages/{id}"), &edit)
        .await;
    assert_eq!(status, 400, "{body}");

    let mut edit = original.clone();
    edit["blocks"] = json!([{"type": "html", "value": "<p>Hi</p><script>steal()</script>"}, {"type": "iframe", "value": "javascript:alert(1)"}]);
    let (status, body) = app
        .put_json_as(&r.admin, &format!("/api/staff/pages/{id}"), &edit)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["blocks[0]"],
        json!(["Scripts and embedded frames are not allowed here."])
    );
    assert_eq!(
        body["messages"]["blocks[1]"],
        json!(["Only pages of this site or of an allowed video player can be embedded."])
    );
    // `/\host` reads as `//host` in browsers: another site, refused in links and frames.
    let mut edit = original.clone();
    edit["blocks"] = json!([{"type": "html", "value": "<p><a href=\"/\\evil.example\">Home</a></p>"}, {"type": "iframe", "value": "/\\evil.example"}]);
    let (status, body) = app
        .put_json_as(&r.admin, &format!("/api/staff/pages/{id}"), &edit)
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["blocks[0]"],
        json!(["Enter an address starting with http://, https:// or /."])
    );
    assert_eq!(
        body["messages"]["blocks[1]"],
        json!(["Only pages of this site or of an allowed video player can be embedded."])
    );
    let mut edit = original.clone();
    edit["body"] = json!("<p onmouseover=\"x()\">Hi</p>");
    let (status, _) = app
        .put_json_as(&r.admin, &format!("/api/staff/pages/{id}"), &edit)
        .await;
    assert_eq!(status, 400);

    let (_, after) = app
        .get_json_as(&r.admin, &format!("/api/staff/pages/{id}"))
        .await;
    assert_eq!(after["data"], original, "nothing changed");
    assert!(
        audit(&app, &r.admin, "page", &id).await.is_empty(),
        "nothing audited"
    );

    // A good edit shows on the site at once.
    let mut edit = original.clone();
    edit["title"] = json!("About the Cohort community");
    edit["body"] = json!("<h2>Who we are</h2><p>Patients and researchers.</p>");
    let (status, body) = app
        .put_json_as(&r.moderator, &format!("/api/staff/pages/{id}"), &edit)
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, public) = app.get_json("/api/pages/about-us").await;
    assert_eq!(public["data"]["title"], "About the Cohort community");
    assert!(
        public["data"]["body"]
            .as_str()
            .unwrap()
            .contains("Who we are")
    );
    let history = audit(&app, &r.admin, "page", &id).await;
    assert_eq!(history[0]["before"]["title"], "About Cohort");
    assert_eq!(history[0]["after"]["title"], "About the Cohort community");

    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/pages",
            &json!({"slug": "lgp/new-terms", "title": "New terms", "blocks": [{"type": "iframe", "value": "https://player.vimeo.com/video/1"}]}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["route"], "/lgp/new-terms");
    let (status, _) = app.get_json("/api/pages/lgp/new-terms").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn menus_take_items_and_sub_menus_in_order() {
    let app = spawn_app().await;
    app.seed_demo().await;
    let r = roles(&app).await;
    let (_, before) = app.get_json_as(&r.moderator, "/api/staff/menus/lgp").await;
    let count = before["data"].as_array().unwrap().len();
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/menus/lgp/items",
            &json!({"title": "Prize news", "link_url": "https://news.example/prize"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let parent = body["data"]["id"].clone();
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/menus/lgp/items",
            &json!({"title": "About", "page_slug": " /about-us/ ", "parent_id": parent}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["page_link"], "/about");
    let child = body["data"]["id"].clone();
    // Only one level of sub-menus; only real pages; only web addresses.
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/menus/lgp/items",
            &json!({"title": "Deep", "parent_id": child}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["parent_id"],
        json!(["Sub-menus go under a top-level item of the same menu."])
    );
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/menus/lgp/items",
            &json!({"title": "X", "page_slug": "nowhere"}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/menus/lgp/items",
            &json!({"title": "X", "page_slug": "a".repeat(201)}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["page_slug"],
        json!(["Ensure this field has no more than 200 characters."])
    );
    let (status, _) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/menus/lgp/items",
            &json!({"title": "X", "link_url": "javascript:alert(1)"}),
        )
        .await;
    assert_eq!(status, 400);

    let (status, _) = app
        .post_json_as(
            &r.moderator,
            &format!("/api/staff/menus/items/{parent}/move"),
            &json!({"up": true}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, public) = app.get_json("/api/menus/lgp").await;
    let items = public["data"].as_array().unwrap();
    assert_eq!(items.len(), count + 1);
    assert_eq!(
        items[count - 1]["title"],
        "Prize news",
        "moved up one place"
    );
    assert_eq!(items[count - 1]["sub_menus"][0]["title"], "About");

    let (status, _) = app
        .delete_as(&r.moderator, &format!("/api/staff/menus/items/{parent}"))
        .await;
    assert_eq!(status, 200);
    let (_, public) = app.get_json("/api/menus/lgp").await;
    assert_eq!(public["data"].as_array().unwrap().len(), count);
    let history = audit(&app, &r.admin, "menu_item", &parent).await;
    assert_eq!(history[0]["action"], "menu_item.delete");
    assert_eq!(history[0]["before"]["sub_menus"][0]["title"], "About");
}

#[tokio::test]
async fn banners_lectures_messages_and_signups() {
    let app = spawn_app().await;
    let r = roles(&app).await;

    let (status, body) = app
        .upload_as(
            &r.moderator,
            "/api/staff/banners/dashboard/set-image",
            "b.png",
            testkit::pictures::png(1200, 300),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .put_json_as(
            &r.moderator,
            "/api/staff/banners/dashboard",
            &json!({"banner_link": "/blog"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, public) = app.get_json("/api/fe-style").await;
    assert_eq!(public["data"]["banner_link"], "/blog");
    assert!(public["data"]["banner"].is_string());
    let (status, _) = app
        .put_json_as(
            &r.moderator,
            "/api/staff/banners/dashboard",
            &json!({"banner_link": "javascript:x"}),
        )
        .await;
    assert_eq!(status, 400);

    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/lectures",
            &json!({"title": "Reading a trial", "author": "Dr. Ada Okafor", "summary": "<p>How to read one.</p>", "tags": ["methods"]}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].clone();
    let video = include_bytes!("../../src/seed/media/lecture-1.webm").to_vec();
    let part = reqwest::multipart::Part::bytes(video).file_name("talk.webm");
    let response = app
        .client
        .post(app.url(&format!("/api/staff/lectures/{id}/set-video")))
        .bearer_auth(&r.moderator)
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .unwrap();
    let (status, body) = testkit::read(response).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body["data"]["video_file_url"]
            .as_str()
            .unwrap()
            .ends_with(".webm")
    );
    let (status, body) = app
        .upload_as(
            &r.moderator,
            &format!("/api/staff/lectures/{id}/set-video"),
            "fake.mp4",
            b"not a video at all".to_vec(),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["file"],
        json!(["Supported video types: .webm, .mp4"])
    );
    let (_, public) = app.get_json(&format!("/api/expert-lectures/{id}")).await;
    assert_eq!(public["data"]["author"], "Dr. Ada Okafor");

    app.post_json(
        "/api/contact-us",
        &json!({"name": "Grace", "email": "grace@example.org", "text": "Hello there"}),
    )
    .await;
    app.post_json(
        "/api/updates-signup",
        &json!({"full_name": "=Eve, \"E\"", "email": "eve@example.org", "message": "News please", "consent": true}),
    )
    .await;
    let (_, open) = app
        .get_json_as(&r.moderator, "/api/staff/contact-messages")
        .await;
    assert_eq!(open["pagination"]["count"], 1);
    let message = open["data"][0]["id"].clone();
    let (status, _) = app
        .post_json_as(
            &r.moderator,
            &format!("/api/staff/contact-messages/{message}/handled"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .post_json_as(
            &r.moderator,
            &format!("/api/staff/contact-messages/{message}/handled"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400);
    let (_, open) = app
        .get_json_as(&r.moderator, "/api/staff/contact-messages")
        .await;
    assert_eq!(open["pagination"]["count"], 0);
    let (_, handled) = app
        .get_json_as(&r.moderator, "/api/staff/contact-messages?handled=true")
        .await;
    assert_eq!(handled["data"][0]["handled_by_id"], r.moderator_id);

    let response = app
        .client
        .get(app.url("/api/staff/update-signups.csv"))
        .bearer_auth(&r.moderator)
        .send()
        .await
        .unwrap();
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let csv = response.text().await.unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("full_name,email,message,consent,created_at")
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("\"'=Eve, \"\"E\"\"\",eve@example.org,News please,true,")
    );
}
