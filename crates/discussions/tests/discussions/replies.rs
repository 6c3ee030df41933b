use serde_json::json;

use crate::support::{PDF, Scene, file};

#[tokio::test]
async fn replies_nest_and_quote_what_they_answer() {
    let scene = Scene::new().await;
    let app = &scene.app;
    let topic = scene
        .topic(&scene.owner, "<p>Which outcome scales?</p>")
        .await;
    let topic_id = topic["id"].as_i64().unwrap();
    let other = scene.topic(&scene.owner, "<p>Another topic</p>").await;

    let first = scene
        .reply(
            &scene.member,
            topic_id,
            "<p>We use the <b>modified Rankin</b> scale &amp; NIHSS.</p>",
            None,
        )
        .await;
    assert_eq!(first["quotes"], serde_json::Value::Null);
    assert_eq!(first["discussion"], topic_id);
    let answer = scene
        .reply(
            &scene.owner,
            topic_id,
            "<p>Thanks!</p>",
            first["id"].as_i64(),
        )
        .await;
    assert_eq!(answer["parent"], first["id"]);
    assert_eq!(
        answer["quotes"]["text"],
        "We use the modified Rankin scale & NIHSS."
    );
    assert_eq!(answer["quotes"]["created_by"]["name"], "Test Member");

    // A parent from another topic is refused.
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>Wrong place</p>")
        .text("parent", first["id"].to_string());
    let (status, body) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.member,
            &format!("/api/discussion/{}/comments", other["id"]),
            form,
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["parent"],
        json!(["The reply you answer is not in this discussion."])
    );

    let (_, body) = app
        .get_json(&format!("/api/discussion/{topic_id}/comments"))
        .await;
    assert_eq!(body["pagination"]["count"], 2);
    assert_eq!(
        body["data"][1]["quotes"]["created_by"]["name"],
        "Test Member"
    );
    let (_, body) = app.get_json(&scene.topics()).await;
    let listed = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == topic_id)
        .unwrap()
        .clone();
    assert_eq!(listed["num_replies"], 2);
    assert_eq!(listed["replies"].as_array().unwrap().len(), 2);
    assert_eq!(scene.comments().await, 4);

    // Outsiders read but cannot reply; replies to a deleted topic are refused.
    let form = reqwest::multipart::Form::new().text("text", "<p>Me too</p>");
    let (status, _) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.outsider,
            &format!("/api/discussion/{topic_id}/comments"),
            form,
        )
        .await;
    assert_eq!(status, 403);
    app.delete_as(&scene.owner, &format!("{}/{}", scene.topics(), other["id"]))
        .await;
    let form = reqwest::multipart::Form::new().text("text", "<p>Late</p>");
    let (status, body) = scene
        .send_form(
            reqwest::Method::POST,
            &scene.member,
            &format!("/api/discussion/{}/comments", other["id"]),
            form,
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "This topic has been deleted.");
}

#[tokio::test]
async fn authors_edit_replies_add_and_remove_files_and_delete() {
    let scene = Scene::new().await;
    let app = &scene.app;
    let topic = scene
        .topic(&scene.owner, "<p>Share your protocols</p>")
        .await;
    let topic_id = topic["id"].as_i64().unwrap();
    let reply = scene
        .reply(&scene.member, topic_id, "<p>Here</p>", None)
        .await;
    let path = format!("/api/discussion/{topic_id}/comments/{}", reply["id"]);

    let form = reqwest::multipart::Form::new()
        .text("text", "<p>Here it is</p>")
        .part("files", file("p.pdf", PDF.to_vec()));
    let (status, _) = scene
        .send_form(reqwest::Method::PUT, &scene.outsider, &path, form)
        .await;
    assert_eq!(status, 403);
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>Here it is</p>")
        .part("files", file("p.pdf", PDF.to_vec()));
    let (status, body) = scene
        .send_form(reqwest::Method::PUT, &scene.member, &path, form)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["text"], "<p>Here it is</p>");
    assert!(body["data"]["edited_at"].is_string());
    let file_id = body["data"]["images"][0]["id"].as_i64().unwrap();
    let file_url = body["data"]["images"][0]["image"]
        .as_str()
        .unwrap()
        .to_owned();

    let image_path = format!("/api/discussion/{topic_id}/comments/image/{file_id}");
    let (status, _) = app.delete_as(&scene.owner, &image_path).await;
    assert_eq!(status, 403);
    let (status, _) = app.delete_as(&scene.member, &image_path).await;
    assert_eq!(status, 200);
    let gone = app.client.get(app.url(&file_url)).send().await.unwrap();
    assert_eq!(gone.status(), 404);

    let (status, body) = app.delete_as(&scene.member, &path).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["message"], "Successfully deleted");
    let (_, body) = app
        .get_json(&format!("/api/discussion/{topic_id}/comments"))
        .await;
    assert!(body["data"][0]["deleted_at"].is_string());
    assert_eq!(body["data"][0]["text"], "");
    assert_eq!(scene.comments().await, 1);
}

/// Issue 43, item 9: deleting a reply left the topic saying "2 replies". The topic counts
/// the replies left, its thread keeps the deleted one's place (paging counts it), and two
/// deletions of the same reply at once count it once.
#[tokio::test]
async fn a_deleted_reply_leaves_the_count_once_and_keeps_its_place() {
    let scene = Scene::new().await;
    let app = &scene.app;
    let topic = scene.topic(&scene.member, "<p>Protocols?</p>").await;
    let topic_id = topic["id"].as_i64().unwrap();
    let first = scene
        .reply(&scene.owner, topic_id, "<p>Mine</p>", None)
        .await;
    scene
        .reply(&scene.member, topic_id, "<p>Thanks</p>", None)
        .await;
    let counts = || async {
        let (_, body) = app.get_json(&scene.topics()).await;
        (
            body["data"][0]["num_replies"].as_i64().unwrap(),
            body["data"][0]["thread_size"].as_i64().unwrap(),
        )
    };
    assert_eq!(counts().await, (2, 2));

    // The author and the group's owner (a moderator) delete it at the same moment.
    let path = format!("/api/discussion/{topic_id}/comments/{}", first["id"]);
    let (a, b) = tokio::join!(
        app.delete_as(&scene.owner, &path),
        app.delete_as(&scene.owner, &path)
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 403], "{a:?} {b:?}");
    assert_eq!(
        counts().await,
        (1, 2),
        "one reply left, the thread keeps two places"
    );
    assert_eq!(
        scene.comments().await,
        2,
        "the group counts the topic and one reply"
    );
    let (_, body) = app
        .get_json(&format!("/api/discussion/{topic_id}/comments"))
        .await;
    assert_eq!(body["pagination"]["count"], 2);
    assert!(body["data"][0]["deleted_at"].is_string());
}

/// Issue 15, finding 11: a reply with 10 × 7.9 MB files (79 MB in one request) was
/// accepted; the whole post is capped, not only each file, with or without a declared
/// length, and nothing is stored.
#[tokio::test]
async fn a_post_whose_files_pass_the_total_cap_is_refused() {
    let scene = Scene::new().await;
    let topic = scene.topic(&scene.member, "<p>Scans</p>").await;
    let path = format!("/api/discussion/{}/comments", topic["id"]);
    let big = || {
        let mut bytes = PDF.to_vec();
        bytes.resize(7_900_000, b' ');
        bytes
    };
    let mut form = reqwest::multipart::Form::new().text("text", "<p>All of them</p>");
    for i in 0..10 {
        form = form.part("files", file(&format!("{i}.pdf"), big()));
    }
    let (status, body) = scene
        .send_form(reqwest::Method::POST, &scene.member, &path, form)
        .await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["code"], "payload_too_large");

    // Streamed without a declared length, the cap still holds.
    let mut form = reqwest::multipart::Form::new().text("text", "<p>Streamed</p>");
    for i in 0..10 {
        let chunk: Vec<Result<Vec<u8>, std::io::Error>> = vec![Ok(big())];
        let stream = reqwest::Body::wrap_stream(futures_util::stream::iter(chunk));
        form = form.part(
            "files",
            reqwest::multipart::Part::stream(stream).file_name(format!("{i}.pdf")),
        );
    }
    let (status, body) = scene
        .send_form(reqwest::Method::POST, &scene.member, &path, form)
        .await;
    assert_eq!(status, 413, "{body}");
    let (_, body) = scene.app.get_json(&path).await;
    assert_eq!(body["pagination"]["count"], 0, "nothing was stored");
}

/// Issue 41: a multipart form says "no parent" by leaving the part out; `null`, an empty
/// part or a flag that is not `true`/`false` is refused on its field (the contract's types),
/// and nothing is posted.
#[tokio::test]
async fn multipart_parts_hold_their_types_and_a_part_left_out_means_none() {
    let scene = Scene::new().await;
    let topic = scene.topic(&scene.owner, "<p>Which scale?</p>").await;
    let topic_id = topic["id"].as_i64().unwrap();
    let comments = format!("/api/discussion/{topic_id}/comments");
    let refused = [
        ("parent", "null"),
        ("parent", ""),
        ("parent", "first"),
        ("is_public", "yes"),
        ("is_public", ""),
        ("phi_declared", "on"),
        ("phi_declared", "null"),
    ];
    for (name, value) in refused {
        let form = reqwest::multipart::Form::new()
            .text("text", "<p>Typed</p>")
            .text(name, value);
        let (status, body) = scene
            .send_form(reqwest::Method::POST, &scene.member, &comments, form)
            .await;
        assert_eq!(status, 400, "{name}={value:?}: {body}");
        assert_eq!(body["messages"][name], json!(["Invalid value."]), "{body}");
        // The same on a new topic.
        let form = reqwest::multipart::Form::new()
            .text("text", "<p>Typed</p>")
            .text(name, value);
        let (status, _) = scene
            .send_form(reqwest::Method::POST, &scene.member, &scene.topics(), form)
            .await;
        assert_eq!(status, 400, "topic {name}={value:?}");
    }
    let (_, body) = scene.app.get_json(&comments).await;
    assert_eq!(body["pagination"]["count"], 0, "nothing refused was posted");

    // Left out: no parent, a public topic, no declaration.
    let reply = scene
        .reply(&scene.member, topic_id, "<p>Plain</p>", None)
        .await;
    assert_eq!(reply["parent"], serde_json::Value::Null);
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>Flags given</p>")
        .text("is_public", "false")
        .text("phi_declared", "false");
    let (status, body) = scene
        .send_form(reqwest::Method::POST, &scene.member, &scene.topics(), form)
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["is_public"], false, "{body}");
}
