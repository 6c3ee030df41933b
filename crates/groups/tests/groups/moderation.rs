use serde_json::json;

use crate::support::{approved_group, draft, moderate, setup, submit};

#[tokio::test]
async fn staff_approve_a_submitted_group_and_every_action_is_audited() {
    let (app, staff, owner) = setup().await;
    let group = draft(&app, &owner, "Registry", &["stroke"]).await;
    let id = group["id"].as_i64().unwrap();
    let slug = group["slug"].as_str().unwrap().to_owned();

    // Not submitted yet: nothing to review.
    let (_, body) = app.get_json_as(&staff, "/api/staff/groups").await;
    assert_eq!(body["data"], json!([]));
    let (status, body) = moderate(&app, &staff, id, "approve").await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "This working group has not been submitted for review."
    );

    submit(&app, &owner, id).await;
    let (_, body) = app.get_json_as(&staff, "/api/staff/groups").await;
    assert_eq!(body["data"][0]["id"], id);
    let (status, body) = moderate(&app, &staff, id, "approve").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["approved_status"], "approved");
    let (status, body) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["is_member"], false);

    let (status, _) = moderate(&app, &staff, id, "suspend").await;
    assert_eq!(status, 200);
    let (status, _) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(status, 404, "a suspended group is hidden from the public");
    let (status, _) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(status, 200, "but not from its owner");
    let (status, _) = moderate(&app, &staff, id, "reactivate").await;
    assert_eq!(status, 200);
    let (status, _) = moderate(&app, &staff, id, "promote").await;
    assert_eq!(status, 404);

    use sea_orm::{ConnectionTrait, Statement};
    let db = &app.ctx.db;
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            format!("SELECT action FROM audit_log WHERE subject_type = 'working_group' AND subject_id = '{id}' ORDER BY id"),
        ))
        .await
        .unwrap();
    let actions: Vec<String> = rows
        .iter()
        .map(|r| r.try_get("", "action").unwrap())
        .collect();
    assert_eq!(
        actions,
        ["group.approve", "group.suspend", "group.reactivate"]
    );
}

#[tokio::test]
async fn a_rejected_group_stays_hidden_and_can_be_resubmitted() {
    let (app, staff, owner) = setup().await;
    let group = draft(&app, &owner, "Too vague", &["stroke"]).await;
    let id = group["id"].as_i64().unwrap();
    submit(&app, &owner, id).await;
    let (_, body) = moderate(&app, &staff, id, "reject").await;
    assert_eq!(body["data"]["approved_status"], "not_approved");
    let (status, _) = app
        .get_json(&format!("/api/groups/{}", group["slug"].as_str().unwrap()))
        .await;
    assert_eq!(status, 404);
    let body = submit(&app, &owner, id).await;
    assert_eq!(body["approved_status"], "waiting_for_approval");
}

#[tokio::test]
async fn changes_to_an_approved_group_wait_for_staff_while_the_approved_version_shows() {
    let (app, staff, owner) = setup().await;
    let (id, slug) = approved_group(&app, &owner, &staff, "Original title", &["stroke"]).await;

    let (status, body) = app
        .patch_json_as(
            &owner,
            &format!("/api/me/groups/{id}"),
            &json!({"title": "Better title"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"]["title"], "Better title",
        "the owner sees the proposal"
    );
    assert_eq!(
        body["data"]["approved_status"],
        "pending_approval_for_changes"
    );
    let (_, body) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(
        body["data"]["title"], "Original title",
        "the public sees the approved version"
    );

    let (_, body) = app
        .get_json_as(&staff, &format!("/api/staff/groups/{id}"))
        .await;
    assert_eq!(body["data"]["current"]["title"], "Original title");
    assert_eq!(body["data"]["proposed"]["title"], "Better title");

    let (_, body) = moderate(&app, &staff, id, "reject").await;
    assert_eq!(body["data"]["approved_status"], "approved");
    assert_eq!(body["data"]["title"], "Original title");

    app.patch_json_as(
        &owner,
        &format!("/api/me/groups/{id}"),
        &json!({"title": "Best title"}),
    )
    .await;
    let (_, body) = moderate(&app, &staff, id, "approve").await;
    assert_eq!(body["data"]["title"], "Best title");
    let (_, body) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(body["data"]["title"], "Best title");
    assert_eq!(body["data"]["approved_status"], "approved");
}

#[tokio::test]
async fn members_and_visitors_find_no_staff_group_endpoints() {
    let (app, _staff, owner) = setup().await;
    let group = draft(&app, &owner, "Mine", &["stroke"]).await;
    let id = group["id"].as_i64().unwrap();
    submit(&app, &owner, id).await;
    let (status, _) = app.get_json_as(&owner, "/api/staff/groups").await;
    assert_eq!(status, 404);
    let (status, _) = moderate(&app, &owner, id, "approve").await;
    assert_eq!(status, 404);
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/me/groups/{id}"))
        .await;
    assert_eq!(body["data"]["approved_status"], "waiting_for_approval");
}

#[tokio::test]
async fn a_new_image_for_an_approved_group_waits_and_the_loser_is_removed() {
    let (app, staff, owner) = setup().await;
    let (id, slug) = approved_group(&app, &owner, &staff, "Pictured", &["stroke"]).await;
    let (_, public) = app.get_json(&format!("/api/groups/{slug}")).await;
    let old_image = public["data"]["image"].as_str().unwrap().to_owned();

    let (status, body) = app
        .upload_as(
            &owner,
            &format!("/api/me/groups/{id}/set-image"),
            "new.png",
            testkit::pictures::png(500, 300),
        )
        .await;
    assert_eq!(status, 200);
    let new_image = body["data"]["image"].as_str().unwrap().to_owned();
    assert_eq!(
        body["data"]["approved_status"],
        "pending_approval_for_changes"
    );
    let fetch = |url: String| {
        let client = app.client.clone();
        let url = app.url(&url);
        async move { client.get(url).send().await.unwrap().status().as_u16() }
    };
    assert_eq!(
        fetch(old_image.clone()).await,
        200,
        "the public still sees the approved image"
    );

    moderate(&app, &staff, id, "approve").await;
    assert_eq!(
        fetch(old_image).await,
        404,
        "the replaced image is gone once the new one is approved"
    );
    assert_eq!(fetch(new_image).await, 200);
}

#[tokio::test]
async fn a_status_the_code_does_not_know_is_an_error_not_a_guess() {
    use sea_orm::ConnectionTrait;
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Registry", &["stroke"]).await;
    app.ctx
        .db
        .execute_unprepared("UPDATE working_groups SET approved_status = 'archived'")
        .await
        .unwrap();
    // Before typed columns, this read fell back to "waiting for approval" in one place and
    // "not approved" in another; now the row cannot be read as a group at all.
    let (status, body) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(status, 500, "{body}");
    assert_eq!(body["code"], "server_error");
    assert!(!body.to_string().contains("archived"), "no detail leaks");
}

#[tokio::test]
async fn the_standing_screens_read_follows_a_group_through_review() {
    let (app, staff, owner) = setup().await;
    let group = draft(&app, &owner, "Standing", &["stroke"]).await;
    let id = group["id"].as_i64().unwrap();
    let slug = group["slug"].as_str().unwrap().to_owned();
    let standing = |public, approved, pending, review, suspended| {
        json!({
            "is_public": public, "is_approved": approved, "has_pending_changes": pending,
            "is_under_review": review, "is_suspended": suspended,
        })
    };
    let (_, mine) = app.get_json_as(&owner, "/api/me/groups").await;
    assert_eq!(
        mine["data"][0]["standing"],
        standing(false, false, false, false, false),
        "a draft: nothing to review yet"
    );
    submit(&app, &owner, id).await;
    assert_eq!(
        review(&app, &staff, id).await,
        standing(false, false, false, true, false)
    );

    moderate(&app, &staff, id, "approve").await;
    let (_, seen) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(
        seen["data"]["standing"],
        standing(true, true, false, false, false)
    );
    assert_eq!(
        seen["data"]["abilities"]["can_join"], true,
        "a visitor may ask"
    );

    app.patch_json_as(
        &owner,
        &format!("/api/me/groups/{id}"),
        &json!({"title": "Standing, changed"}),
    )
    .await;
    assert_eq!(
        review(&app, &staff, id).await,
        standing(true, true, true, true, false),
        "changes wait for staff while the approved version stays public"
    );

    let (_, body) = moderate(&app, &staff, id, "suspend").await;
    assert_eq!(
        body["data"]["standing"],
        standing(false, true, true, true, true)
    );
    let (_, seen) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(seen["data"]["abilities"]["can_join"], false);
}

/// The group as staff review it: its `current` version's standing.
async fn review(app: &testkit::TestApp, staff: &str, id: i64) -> serde_json::Value {
    let (_, body) = app
        .get_json_as(staff, &format!("/api/staff/groups/{id}"))
        .await;
    body["data"]["current"]["standing"].clone()
}

#[tokio::test]
async fn a_reason_is_trimmed_optional_and_bounded() {
    let (app, staff, owner) = setup().await;
    let (id, slug) = approved_group(&app, &owner, &staff, "Reasons", &["stroke"]).await;
    let path = format!("/api/staff/groups/{id}/suspend");
    let suspend = async |reason: serde_json::Value| {
        app.post_json_as(&staff, &path, &json!({ "reason": reason }))
            .await
    };
    let (status, body) = suspend(json!("x".repeat(2001))).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["reason"],
        json!(["Ensure this field has no more than 2000 characters."])
    );
    let (status, _) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(status, 200, "a refused decision changes nothing");

    let (status, body) = suspend(json!("   ")).await;
    assert_eq!(status, 200, "a blank reason is no reason: {body}");
    let (status, _) = suspend(json!(42)).await;
    assert_eq!(status, 400, "a reason is text");
}
