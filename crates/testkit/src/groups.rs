//! Factories for working groups: the wizard's calls as a browser makes them, and members
//! joining through a request the owner accepts.

use serde_json::{Value, json};

use crate::TestApp;
use crate::pictures::jpeg;

/// The id of a project tag by slug.
pub async fn tag_id(app: &TestApp, slug: &str) -> i64 {
    lookup_id(app, "/api/groups/tags", slug).await
}

/// A fresh app with a staff member and a member who will own groups: (app, staff, owner).
pub async fn setup() -> (TestApp, String, String) {
    setup_with(|_| {}).await
}

/// [`setup`] with the app's configuration adjusted.
pub async fn setup_with(
    adjust: impl FnOnce(&mut kernel::config::Config),
) -> (TestApp, String, String) {
    let app = crate::spawn_app_with(adjust).await;
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    (app, staff, owner)
}

/// The id of a tag, goal or role by slug, from the lookup at `path`.
pub async fn lookup_id(app: &TestApp, path: &str, slug: &str) -> i64 {
    let (_, body) = app.get_json(path).await;
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["slug"] == slug)
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

/// Step 1 then the image: returns the new group's body.
pub async fn draft(app: &TestApp, token: &str, title: &str, tag_slugs: &[&str]) -> Value {
    let mut tags = Vec::new();
    for slug in tag_slugs {
        tags.push(tag_id(app, slug).await);
    }
    let (status, body) = app
        .post_json_as(
            token,
            "/api/me/groups",
            &json!({"title": title, "summary": format!("<p>All about {title}.</p>"), "tags": tags}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    let (status, body) = app
        .upload_as(
            token,
            &format!("/api/me/groups/{id}/set-image"),
            "g.jpg",
            jpeg(640, 400),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Step 3: goals, no industry partner, default obligations; submits for review.
pub async fn submit(app: &TestApp, token: &str, id: i64) -> Value {
    let goal = lookup_id(
        app,
        "/api/groups/goals-of-working-group",
        "research-discussion",
    )
    .await;
    let (status, body) = app
        .patch_json_as(
            token,
            &format!("/api/me/groups/{id}"),
            &json!({"goals_of_working_group": [goal], "industry_partner_likely": "no", "member_obligations": "<ul><li>Be kind</li></ul>"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

pub async fn moderate(app: &TestApp, staff: &str, id: i64, action: &str) -> (u16, Value) {
    app.post_json_as(
        staff,
        &format!("/api/staff/groups/{id}/{action}"),
        &json!({"reason": format!("{action} in a test")}),
    )
    .await
}

/// A group that went through the whole wizard and was approved; returns (id, slug).
pub async fn approved_group(
    app: &TestApp,
    owner: &str,
    staff: &str,
    title: &str,
    tag_slugs: &[&str],
) -> (i64, String) {
    let group = draft(app, owner, title, tag_slugs).await;
    let id = group["id"].as_i64().unwrap();
    submit(app, owner, id).await;
    let (status, body) = moderate(app, staff, id, "approve").await;
    assert_eq!(status, 200, "{body}");
    (id, group["slug"].as_str().unwrap().to_owned())
}

/// Makes `member` a member of the group `slug`: they ask, the owner accepts.
pub async fn join(app: &TestApp, owner: &str, slug: &str, member: &str) {
    let (status, body) = app
        .post_json_as(
            member,
            &format!("/api/groups/{slug}/join-requests"),
            &json!({"message": "Please let me in."}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let me = app.me(member).await["id"].as_i64().unwrap();
    let (_, body) = app
        .get_json_as(owner, &format!("/api/groups/{slug}/join-requests"))
        .await;
    let request = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["user_id"] == me)
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let (status, body) = app
        .post_json_as(
            owner,
            &format!("/api/groups/{slug}/join-requests/{request}/accept"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}
