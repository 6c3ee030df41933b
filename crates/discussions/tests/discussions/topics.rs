use std::sync::{Arc, Mutex};

use discussions::events::DiscussionPosted;
use serde_json::{Value, json};

use crate::support::{PDF, Scene, file};

#[tokio::test]
async fn members_start_topics_that_everyone_reads() {
    let scene = Scene::new().await;
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    scene
        .app
        .ctx
        .events
        .subscribe(move |e: Arc<DiscussionPosted>| {
            let sink = Arc::clone(&sink);
            async move { sink.lock().unwrap().push((*e).clone()) }
        });
    let app = &scene.app;

    let (status, body) = app.get_json(&scene.topics()).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"], json!([]));
    assert_eq!(body["permissions"]["can_create_discussion"], false);
    let (status, _) = app
        .post_json(&scene.topics(), &json!({"text": "<p>Hi</p>"}))
        .await;
    assert_eq!(status, 401);
    let (status, _) = app
        .post_json_as(
            &scene.outsider,
            &scene.topics(),
            &json!({"text": "<p>Hi</p>"}),
        )
        .await;
    assert_eq!(status, 403);
    let (_, body) = app.get_json_as(&scene.outsider, &scene.topics()).await;
    assert_eq!(body["permissions"]["can_create_discussion"], false);
    let (_, body) = app.get_json_as(&scene.member, &scene.topics()).await;
    assert_eq!(
        body["permissions"],
        json!({
            "can_create_discussion": true, "can_set_private": true, "can_moderate": false,
            "phi_blocking": false,
        })
    );

    for blank in [
        "",
        "   ",
        "<p></p>",
        "<p><br></p>",
        "<script>alert(1)</script>",
    ] {
        let (status, body) = app
            .post_json_as(&scene.member, &scene.topics(), &json!({"text": blank}))
            .await;
        assert_eq!(status, 400, "{blank}");
        assert_eq!(body["messages"]["text"], json!(["This field is required"]));
    }
    let (status, body) = app
        .post_json_as(
            &scene.member,
            &scene.topics(),
            &json!({"text": "<p>Hi</p>", "parent": 1}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body["messages"]["parent"].is_array());

    let topic = scene
        .topic(
            &scene.member,
            "<p onclick=\"x()\">Which scales do you use?<script>x</script></p>",
        )
        .await;
    assert_eq!(topic["text"], "<p>Which scales do you use?</p>");
    assert_eq!(topic["is_public"], true);
    assert_eq!(topic["is_owner"], true);
    assert_eq!(topic["cannot_vote"], "You cannot vote on your own post.");
    assert_eq!(topic["votes"], json!({"up": 0, "down": 0}));
    assert_eq!(topic["created_by"]["name"], "Test Member");
    assert!(topic["created_by"].get("email").is_none());
    assert_eq!(scene.comments().await, 1);

    let (_, body) = app.get_json(&scene.topics()).await;
    assert_eq!(body["data"][0]["id"], topic["id"]);
    assert_eq!(body["data"][0]["is_owner"], false);
    assert_eq!(body["data"][0]["cannot_vote"], "Sign in to vote.");
    assert_eq!(body["pagination"]["perPage"], 10);

    let posted = seen.lock().unwrap().clone();
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0].target_id, scene.group_id);
    assert_eq!(posted[0].topic_id, topic["id"].as_i64().unwrap());
    assert_eq!(posted[0].parent_author_id, None);
}

#[tokio::test]
async fn private_topics_are_for_members_only() {
    let scene = Scene::new().await;
    let app = &scene.app;
    let (status, body) = app
        .post_json_as(
            &scene.member,
            &scene.topics(),
            &json!({"text": "<p>Members only</p>", "is_public": false}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    scene.topic(&scene.owner, "<p>For all</p>").await;

    let count = |body: &serde_json::Value| body["data"].as_array().unwrap().len();
    let (_, body) = app.get_json(&scene.topics()).await;
    assert_eq!(count(&body), 1);
    let (_, body) = app.get_json_as(&scene.outsider, &scene.topics()).await;
    assert_eq!(count(&body), 1);
    let (_, body) = app.get_json_as(&scene.owner, &scene.topics()).await;
    assert_eq!(count(&body), 2);
    let (status, _) = app
        .get_json_as(&scene.outsider, &format!("/api/discussion/{id}/comments"))
        .await;
    assert_eq!(status, 404);
    let (status, _) = app
        .put_json_as(
            &scene.outsider,
            &format!("/api/discussion/vote/{id}"),
            &json!({"reaction": "up"}),
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn authors_edit_and_delete_and_moderators_remove() {
    let scene = Scene::new().await;
    let app = &scene.app;
    let topic = scene.topic(&scene.member, "<p>First draft</p>").await;
    let id = topic["id"].as_i64().unwrap();
    let path = format!("{}/{id}", scene.topics());

    let (status, _) = app
        .put_json_as(&scene.owner, &path, &json!({"text": "<p>Not mine</p>"}))
        .await;
    assert_eq!(status, 403);
    let (status, body) = app
        .put_json_as(
            &scene.member,
            &path,
            &json!({"text": "<p>Second draft</p>"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["text"], "<p>Second draft</p>");
    assert!(body["data"]["edited_at"].is_string());

    // Another member cannot delete it; the owner of the group can.
    let (status, _) = app.delete_as(&scene.outsider, &path).await;
    assert_eq!(status, 403);
    let (status, body) = app.delete_as(&scene.owner, &path).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["message"], "Successfully deleted");
    assert_eq!(scene.comments().await, 0);
    let (_, body) = app.get_json(&scene.topics()).await;
    assert!(body["data"][0]["deleted_at"].is_string());
    assert_eq!(body["data"][0]["text"], "");

    let (status, _) = app.delete_as(&scene.member, &path).await;
    assert_eq!(status, 403);
    let (status, _) = app
        .put_json_as(&scene.member, &path, &json!({"text": "<p>Back</p>"}))
        .await;
    assert_eq!(status, 403);
    assert_eq!(scene.comments().await, 0);
}

#[tokio::test]
async fn topics_carry_checked_files() {
    let scene = Scene::new().await;
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>Our protocol</p>")
        .text("is_public", "true")
        .part("files", file("scan.png", testkit::pictures::png(800, 500)))
        .part("files", file("protocol.pdf", PDF.to_vec()));
    let (status, body) = scene
        .send_form(reqwest::Method::POST, &scene.member, &scene.topics(), form)
        .await;
    assert_eq!(status, 201, "{body}");
    let images = body["data"]["images"].as_array().unwrap();
    assert_eq!(images.len(), 2);
    assert_eq!(images[0]["type"], "image");
    assert_eq!(images[0]["filename"], "scan.png");
    assert_ne!(images[0]["image"], images[0]["image_thumbnail"]);
    assert_eq!(images[1]["type"], "PDF");
    let thumbnail = scene
        .app
        .client
        .get(
            scene
                .app
                .url(images[0]["image_thumbnail"].as_str().unwrap()),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(thumbnail.status(), 200);

    // A disguised file, or an eleventh, and nothing is stored.
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>Look</p>")
        .part(
            "files",
            file("photo.png", b"MZ\x90\x00 not a picture".to_vec()),
        );
    let (status, body) = scene
        .send_form(reqwest::Method::POST, &scene.member, &scene.topics(), form)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["files"],
        json!(["Supported file types: .jpg, .png, .gif, .pdf"])
    );
    let mut form = reqwest::multipart::Form::new().text("text", "<p>Many</p>");
    for i in 0..11 {
        form = form.part("files", file(&format!("{i}.pdf"), PDF.to_vec()));
    }
    let (status, body) = scene
        .send_form(reqwest::Method::POST, &scene.member, &scene.topics(), form)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["files"],
        json!(["You can attach at most 10 files."])
    );
    let (_, body) = scene.app.get_json(&scene.topics()).await;
    assert_eq!(body["pagination"]["count"], 1);
    assert_eq!(scene.comments().await, 1);
}

/// Issue 15, finding 9: attachments of private topics were public to anyone with the URL.
/// Each visibility case: who is handed a link, whether it opens, and the raw storage path.
#[tokio::test]
async fn attachments_open_only_through_links_handed_to_those_who_may_read_the_post() {
    let scene = Scene::new().await;
    let post = |public: &'static str| {
        reqwest::multipart::Form::new()
            .text("text", "<p>Protocol</p>")
            .text("is_public", public)
            .part("files", file("protocol.pdf", PDF.to_vec()))
    };
    let (status, public) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.member,
            &scene.topics(),
            post("true"),
        )
        .await;
    assert_eq!(status, 201, "{public}");
    let (status, private) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.member,
            &scene.topics(),
            post("false"),
        )
        .await;
    assert_eq!(status, 201, "{private}");
    let link = |body: &serde_json::Value| {
        body["data"]["images"][0]["image"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (public_link, private_link) = (link(&public), link(&private));
    for link in [&public_link, &private_link] {
        assert!(
            link.starts_with("/files/discussions/") && link.contains("signature="),
            "{link}"
        );
        let raw = format!(
            "/media/{}",
            link.trim_start_matches("/files/")
                .split('?')
                .next()
                .unwrap()
        );
        assert_eq!(
            scene.app.status_of(&raw).await,
            404,
            "never under /media: {raw}"
        );
        let unsigned = link.split('?').next().unwrap().to_owned();
        assert_eq!(scene.app.status_of(&unsigned).await, 404, "no signature");
        let forged = link.replace("signature=", "signature=x");
        assert_eq!(scene.app.status_of(&forged).await, 404, "forged signature");
    }
    // A public topic: anyone reading it is handed a working link.
    let (_, listed) = scene.app.get_json(&scene.topics()).await;
    let anonymous_link = listed["data"][0]["images"][0]["image"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(scene.app.status_of(&anonymous_link).await, 200);
    // A private topic: members are handed a working link; outsiders and visitors none.
    let (_, listed) = scene.app.get_json_as(&scene.owner, &scene.topics()).await;
    let member_links: Vec<String> = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["images"][0]["image"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(member_links.len(), 2);
    for link in &member_links {
        assert_eq!(scene.app.status_of(link).await, 200, "{link}");
    }
    let (_, seen) = scene
        .app
        .get_json_as(&scene.outsider, &scene.topics())
        .await;
    let outsider_text = seen.to_string();
    let private_file = private_link.split('?').next().unwrap();
    assert!(
        !outsider_text.contains(private_file),
        "no link to the private file"
    );
    let (_, seen) = scene.app.get_json(&scene.topics()).await;
    assert!(!seen.to_string().contains(private_file));
}

#[tokio::test]
async fn a_member_who_left_reads_but_no_longer_edits() {
    let scene = Scene::new().await;
    let app = &scene.app;
    let topic = scene.topic(&scene.member, "<p>Mine</p>").await;
    let id = topic["id"].as_i64().unwrap();
    let reply = scene
        .reply(&scene.member, id, "<p>Also mine</p>", None)
        .await;
    let topic_path = format!("{}/{id}", scene.topics());
    let reply_path = format!("/api/discussion/{id}/comments/{}", reply["id"]);
    let (_, body) = app.get_json_as(&scene.member, &scene.topics()).await;
    assert_eq!(body["data"][0]["can_edit"], true);

    let (status, _) = app
        .post_json_as(
            &scene.member,
            &format!("/api/groups/{}/members/leave", scene.slug),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);

    let (status, body) = app.get_json_as(&scene.member, &scene.topics()).await;
    assert_eq!(status, 200, "the public topic stays readable");
    assert_eq!(body["data"][0]["is_owner"], true);
    assert_eq!(body["data"][0]["can_edit"], false);
    assert_eq!(body["data"][0]["replies"][0]["can_edit"], false);
    let (status, _) = app
        .put_json_as(
            &scene.member,
            &topic_path,
            &json!({"text": "<p>Changed</p>"}),
        )
        .await;
    assert_eq!(status, 403);
    let form = reqwest::multipart::Form::new().text("text", "<p>Changed</p>");
    let (status, _) = scene
        .send_form(reqwest::Method::PUT, &scene.member, &reply_path, form)
        .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn each_viewer_sees_the_count_of_what_they_may_read() {
    let scene = Scene::new().await;
    let app = &scene.app;
    scene.topic(&scene.member, "<p>Open to all</p>").await;
    let (status, private) = app
        .post_json_as(
            &scene.member,
            &scene.topics(),
            &json!({"text": "<p>Members only</p>", "is_public": false}),
        )
        .await;
    assert_eq!(status, 201);
    let private_id = private["data"]["id"].as_i64().unwrap();
    scene
        .reply(&scene.owner, private_id, "<p>Inside</p>", None)
        .await;
    let detail = format!("/api/groups/{}", scene.slug);
    let counts = |body: &Value| body["data"]["comments"].as_i64().unwrap();
    let listed = |body: &Value| {
        body["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["slug"] == scene.slug.as_str())
            .unwrap()["comments"]
            .as_i64()
            .unwrap()
    };

    let (_, visitor) = app.get_json(&detail).await;
    assert_eq!(counts(&visitor), 1, "only the public topic");
    let (_, outsider) = app.get_json_as(&scene.outsider, &detail).await;
    assert_eq!(counts(&outsider), 1);
    let (_, member) = app.get_json_as(&scene.member, &detail).await;
    assert_eq!(counts(&member), 3);
    let (_, list) = app.get_json("/api/groups").await;
    assert_eq!(listed(&list), 1);
    let (_, mine) = app.get_json_as(&scene.owner, "/api/me/groups").await;
    assert_eq!(listed(&mine), 3);

    // Made public, the topic and its reply count for everyone; deleted, for nobody.
    let path = format!("{}/{private_id}", scene.topics());
    let (status, _) = app
        .put_json_as(
            &scene.member,
            &path,
            &json!({"text": "<p>Members only</p>", "is_public": true}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, visitor) = app.get_json(&detail).await;
    assert_eq!(counts(&visitor), 3);
    let (status, _) = app.delete_as(&scene.member, &path).await;
    assert_eq!(status, 200);
    let (_, visitor) = app.get_json(&detail).await;
    assert_eq!(counts(&visitor), 2);
    let (_, member) = app.get_json_as(&scene.member, &detail).await;
    assert_eq!(counts(&member), 2);
}
