use serde_json::{Value, json};
use testkit::projects::{draft, live, make_eligible};
use testkit::spawn_app;

const PASSWORD: &str = "trial design 21";

#[tokio::test]
async fn the_owner_posts_updates_staff_approve_them_and_followers_hear_of_them() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    let fan = app.signed_in_user("fan@example.org", PASSWORD).await;
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let slug = live(&app, &owner, &staff, "Early sepsis").await;
    let (_, page) = app
        .get_json_as(&owner, &format!("/api/projects/{slug}"))
        .await;
    let id = page["data"]["id"].as_i64().unwrap();
    assert_eq!(page["data"]["abilities"]["can_post_update"], true);
    let (status, _) = app
        .send_as(
            reqwest::Method::PUT,
            &fan,
            &format!("/api/projects/{slug}/favorite"),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let posts = format!("/api/me/projects/{id}/posts");

    let (status, body) = app
        .post_json_as(&owner, &posts, &json!({"title": " ", "text": "<p></p>"}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["title"], json!(["This field is required"]));
    assert_eq!(body["messages"]["text"], json!(["This field is required"]));
    let (status, created) = app
        .post_json_as(
            &owner,
            &posts,
            &json!({"title": "First patients", "text": "<p>Forty children so far.</p><script>x</script>", "video_url": "https://www.youtube.com/watch?v=abc"}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let update = created["data"]["id"].as_i64().unwrap();
    assert_eq!(created["data"]["approved_status"], "waiting_for_approval");
    assert_eq!(created["data"]["text"], "<p>Forty children so far.</p>");
    let (status, _) = app
        .post_json_as(&fan, &posts, &json!({"title": "Mine", "text": "<p>x</p>"}))
        .await;
    assert_eq!(status, 404, "only the owner posts");

    // The owner lists and edits; nobody else sees a waiting update.
    let (_, listed) = app.get_json_as(&owner, &posts).await;
    assert_eq!(listed["pagination"]["perPage"], 99);
    assert_eq!(listed["data"][0]["title"], "First patients");
    let (status, edited) = app
        .send_as(
            reqwest::Method::PATCH,
            &owner,
            &format!("{posts}/{update}"),
            Some(
                &json!({"title": "First forty patients", "text": "<p>Forty children so far.</p>"}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    let (_, public) = app.get_json(&format!("/api/projects/{slug}/updates")).await;
    assert_eq!(public["data"], json!([]));
    // A picture, checked by content (spec 2: the part is named `project`).
    let image = format!("{posts}/{update}/set-image");
    let (status, _) = app
        .upload_as(&owner, &image, "project", b"not a picture".to_vec())
        .await;
    assert_eq!(status, 400);
    let (status, pictured) = app
        .upload_as(&owner, &image, "project", testkit::pictures::png(1600, 900))
        .await;
    assert_eq!(status, 200, "{pictured}");
    let url = pictured["data"]["image"].as_str().unwrap().to_owned();
    let served = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(
        testkit::pictures::dimensions(&served.bytes().await.unwrap()).0,
        1200,
        "scaled to the update's width"
    );

    // Staff approve it: public, the owner and the follower hear, the feed shows it.
    let (_, queue) = app.get_json_as(&staff, "/api/staff/project-updates").await;
    assert_eq!(queue["data"][0]["project_title"], "Early sepsis");
    let (status, _) = app
        .post_json_as(
            &fan,
            &format!("/api/staff/project-updates/{update}/approve"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 404, "staff only");
    let (status, reviewed) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/project-updates/{update}/approve"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{reviewed}");
    let (_, public) = app.get_json(&format!("/api/projects/{slug}/updates")).await;
    assert_eq!(public["data"][0]["title"], "First forty patients");
    let (_, notes) = app.get_json_as(&fan, "/api/me/notifications").await;
    assert_eq!(notes["data"][0]["title"], "New update on Early sepsis");
    assert_eq!(notes["data"][0]["in_app_route"], "/project/early-sepsis");
    let (_, mine) = app.get_json_as(&owner, "/api/me/notifications").await;
    assert_eq!(mine["data"][0]["title"], "Update approved");
    let (_, feed) = app.get_json_as(&fan, "/api/feed").await;
    assert!(
        feed["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["event_type"] == "PROJECT_UPDATE_CREATED"),
        "{feed}"
    );
    let (_, log) = app
        .get_json_as(&staff, "/api/staff/audit?subject_type=project_update")
        .await;
    assert_eq!(log["data"][0]["action"], "project_update.approve");

    // An edit with `image: null` takes the picture down, its file with it, and goes back
    // to staff (as a group update's does: one shape for both).
    let (status, cleared) = app
        .send_as(
            reqwest::Method::PATCH,
            &owner,
            &format!("{posts}/{update}"),
            Some(&json!({"title": "First forty patients", "text": "<p>Forty children so far.</p>", "image": null})),
        )
        .await;
    assert_eq!(status, 200, "{cleared}");
    assert_eq!(cleared["data"]["image"], Value::Null);
    assert_eq!(cleared["data"]["approved_status"], "waiting_for_approval");
    assert_eq!(cleared["data"]["project_id"], id);
    let gone = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(gone.status(), 404, "the picture's file is discarded");

    // A draft takes no updates.
    let other = draft(&app, &owner, "Unfinished").await["id"]
        .as_i64()
        .unwrap();
    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/me/projects/{other}/posts"),
            &json!({"title": "T", "text": "<p>x</p>"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "Updates can be added once the project is live."
    );
    let first: &Value = &public["data"][0];
    assert_eq!(first["created_by"]["name"], "Test Member");
}

/// Issue 24 §1: a project's texts and its updates pass the patient-data guardrail, or carry
/// the owner's declaration.
#[tokio::test]
async fn flagged_project_texts_and_updates_need_the_owners_declaration() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let flagged = "<p>Our first volunteer, Mrs Patel, has lupus; her MRN: 00482913.</p>";
    let general = |declared: bool| json!({"title": "Lupus at home", "lay_summary": flagged, "phi_declared": declared});
    let (status, body) = app
        .post_json_as(&owner, "/api/me/projects", &general(false))
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["lay_summary"],
        json!([
            "This text may identify a patient (a name next to a diagnosis, a health-card, record or social-security number). Edit it, or confirm that you may share it."
        ])
    );
    let (status, body) = app
        .post_json_as(&owner, "/api/me/projects", &general(true))
        .await;
    assert_eq!(status, 201, "{body}");

    let slug = live(&app, &owner, &staff, "Guarded trial").await;
    let (_, page) = app
        .get_json_as(&owner, &format!("/api/projects/{slug}"))
        .await;
    let id = page["data"]["id"].as_i64().unwrap();
    let path = format!("/api/me/projects/{id}/posts");
    let (status, body) = app
        .post_json_as(&owner, &path, &json!({"title": "News", "text": flagged}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["messages"]["text"][0]
            .as_str()
            .unwrap()
            .contains("a name next to a diagnosis")
    );
    let (status, body) = app
        .post_json_as(
            &owner,
            &path,
            &json!({"title": "News", "text": flagged, "phi_declared": true}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}
