//! Issue 23 §2: a project's update is reported like a group's; staff review it.

use serde_json::json;
use testkit::projects::{live, make_eligible};

use crate::support::{PASSWORD, act, report};

/// A live project's owner, their project's slug and id, and its update titled `title`,
/// approved by staff.
async fn approved_update(
    app: &testkit::TestApp,
    staff: &str,
    project: &str,
    title: &str,
) -> (String, String, i64, i64) {
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(app, &owner, PASSWORD, staff).await;
    let slug = live(app, &owner, staff, project).await;
    let (_, found) = app.get_json(&format!("/api/projects/{slug}")).await;
    let project_id = found["data"]["id"].as_i64().unwrap();
    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/me/projects/{project_id}/posts"),
            &json!({"title": title, "text": "<p>Read on.</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    let (status, body) = app
        .post_json_as(
            staff,
            &format!("/api/staff/project-updates/{id}/approve"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    (owner, slug, project_id, id)
}

#[tokio::test]
async fn staff_hide_a_reported_project_update_from_the_public_page() {
    let app = testkit::spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let (owner, slug, project_id, id) =
        approved_update(&app, &staff, "Stroke at home", "Miracle results").await;
    let public = format!("/api/projects/{slug}/updates");
    let (_, listed) = app.get_json(&public).await;
    assert_eq!(listed["data"].as_array().unwrap().len(), 1);

    let reader = app.signed_in_user("reader@example.org", PASSWORD).await;
    let (status, body) = report(
        &app,
        &reader,
        "project_update",
        id,
        "medical_misinformation",
        Some("No trial behind this."),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    // Staff see it in their queue (no group reviews a project's updates).
    let (_, queue) = app.get_json_as(&staff, "/api/moderation/reports").await;
    assert_eq!(
        queue["data"][0]["subject_type"], "project_update",
        "{queue}"
    );
    assert_eq!(queue["data"][0]["route"], format!("/project/{slug}"));
    assert_eq!(queue["data"][0]["title"], "Miracle results");
    let (status, _) = act(
        &app,
        &staff,
        "project_update",
        id,
        "hide",
        Some("Cite the trial."),
    )
    .await;
    assert_eq!(status, 200);
    let (_, listed) = app.get_json(&public).await;
    assert_eq!(
        listed["data"].as_array().unwrap().len(),
        0,
        "hidden from the public page"
    );
    let (_, mine) = app
        .get_json_as(&owner, &format!("/api/me/projects/{project_id}/posts"))
        .await;
    let own = &mine["data"][0];
    assert_eq!(own["hidden_reason"], "Cite the trial.", "{mine}");
}

#[tokio::test]
async fn a_reported_project_update_shows_again_when_dismissed_and_goes_when_deleted() {
    let app = testkit::spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let (owner, slug, project_id, id) =
        approved_update(&app, &staff, "Sleep after stroke", "Buy our pillow").await;
    let public = format!("/api/projects/{slug}/updates");
    let shown = |listed: serde_json::Value| listed["data"].as_array().unwrap().len();
    let reader = app.signed_in_user("reader@example.org", PASSWORD).await;
    report(&app, &reader, "project_update", id, "spam", None).await;

    let (status, _) = act(&app, &staff, "project_update", id, "hide", Some("Ads.")).await;
    assert_eq!(status, 200);
    assert_eq!(shown(app.get_json(&public).await.1), 0, "hidden");
    report(&app, &reader, "project_update", id, "spam", None).await;
    let (status, body) = act(&app, &staff, "project_update", id, "dismiss", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(shown(app.get_json(&public).await.1), 1, "shown again");
    let (_, mine) = app
        .get_json_as(&owner, &format!("/api/me/projects/{project_id}/posts"))
        .await;
    assert!(mine["data"][0]["hidden_reason"].is_null(), "{mine}");

    report(&app, &reader, "project_update", id, "spam", None).await;
    let (status, body) = act(&app, &staff, "project_update", id, "delete", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(shown(app.get_json(&public).await.1), 0, "deleted");
    let (_, mine) = app
        .get_json_as(&owner, &format!("/api/me/projects/{project_id}/posts"))
        .await;
    assert_eq!(mine["data"].as_array().unwrap().len(), 0, "{mine}");
}
