use serde_json::json;

use crate::support::{approved_group, draft, setup, titles};

#[tokio::test]
async fn the_list_shows_only_approved_active_groups_with_each_ordering_and_filter() {
    let (app, staff, owner) = setup().await;
    let (_, _) = approved_group(&app, &owner, &staff, "Beta stroke trials", &["stroke"]).await;
    let (_, _) = approved_group(
        &app,
        &owner,
        &staff,
        "Alpha oncology registry",
        &["oncology"],
    )
    .await;
    let (gamma, _) = approved_group(
        &app,
        &owner,
        &staff,
        "Gamma cardiology",
        &["cardiology", "stroke"],
    )
    .await;
    draft(&app, &owner, "Hidden draft about stroke", &["stroke"]).await;

    let (status, body) = app.get_json("/api/groups").await;
    assert_eq!(status, 200);
    assert_eq!(
        titles(&body),
        [
            "Gamma cardiology",
            "Alpha oncology registry",
            "Beta stroke trials"
        ]
    );
    assert_eq!(
        body["pagination"],
        json!({"currentPage": 1, "perPage": 9, "total": 1, "count": 3})
    );
    assert_eq!(body["data"][0]["created_by"]["name"], "Test Member");

    let (_, body) = app.get_json("/api/groups?ordering=title").await;
    assert_eq!(
        titles(&body),
        [
            "Alpha oncology registry",
            "Beta stroke trials",
            "Gamma cardiology"
        ]
    );

    let (_, body) = app.get_json("/api/groups?tags=stroke").await;
    assert_eq!(titles(&body), ["Gamma cardiology", "Beta stroke trials"]);
    let (_, body) = app.get_json("/api/groups?tags=oncology,cardiology").await;
    assert_eq!(
        titles(&body),
        ["Gamma cardiology", "Alpha oncology registry"]
    );

    // Search matches title or summary, ignoring case.
    let (_, body) = app.get_json("/api/groups?search=REGISTRY").await;
    assert_eq!(titles(&body), ["Alpha oncology registry"]);
    let (_, body) = app.get_json("/api/groups?search=all%20about%20beta").await;
    assert_eq!(titles(&body), ["Beta stroke trials"]);
    let (_, body) = app.get_json("/api/groups?search=100%25").await;
    assert_eq!(body["data"], json!([]));

    let (_, body) = app.get_json("/api/groups?perPage=2&page=2").await;
    assert_eq!(titles(&body), ["Beta stroke trials"]);
    let (_, body) = app.get_json("/api/groups?page=9").await;
    assert_eq!(body["data"], json!([]));
    let (status, _) = app.get_json("/api/groups?page=0").await;
    assert_eq!(status, 400);
    let (status, _) = app.get_json("/api/groups?ordering=sideways").await;
    assert_eq!(status, 400);

    // Suspended groups leave the list.
    let (status, _) = crate::support::moderate(&app, &staff, gamma, "suspend").await;
    assert_eq!(status, 200);
    let (_, body) = app.get_json("/api/groups").await;
    assert_eq!(
        titles(&body),
        ["Alpha oncology registry", "Beta stroke trials"]
    );
}

#[tokio::test]
async fn recommended_ranks_groups_by_the_viewers_areas_of_interest() {
    let (app, staff, owner) = setup().await;
    approved_group(&app, &owner, &staff, "Oncology first", &["oncology"]).await;
    approved_group(&app, &owner, &staff, "Stroke second", &["stroke"]).await;
    approved_group(&app, &owner, &staff, "Cardiology newest", &["cardiology"]).await;

    let viewer = app
        .signed_in_user("vi@example.org", "analytical 1843")
        .await;
    let (_, tags) = app.get_json("/api/tags").await;
    let stroke = tags["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["title"] == "Stroke")
        .unwrap()["id"]
        .clone();
    let (status, _) = app
        .post_json_as(
            &viewer,
            "/api/me/personalization-update",
            &json!({"area_of_interest": [stroke]}),
        )
        .await;
    assert_eq!(status, 200);

    let (_, body) = app
        .get_json_as(&viewer, "/api/groups?ordering=recommended")
        .await;
    assert_eq!(titles(&body)[0], "Stroke second");
    // Signed out, recommendations fall back to newest first.
    let (_, body) = app.get_json("/api/groups?ordering=recommended").await;
    assert_eq!(titles(&body)[0], "Cardiology newest");
}

#[tokio::test]
async fn popular_ranks_by_members_and_discussion() {
    let (app, staff, owner) = setup().await;
    let (quiet, _) = approved_group(&app, &owner, &staff, "Quiet", &["stroke"]).await;
    approved_group(&app, &owner, &staff, "Newer", &["stroke"]).await;
    // Until membership and discussions exist (issues 6 and 7), set the counts directly.
    use sea_orm::{ConnectionTrait, Statement};
    let db = &app.ctx.db;
    db.execute_raw(Statement::from_sql_and_values(
        db.get_database_backend(),
        "UPDATE working_groups SET members_count = 5, comments_count = 7 WHERE id = $1",
        [quiet.into()],
    ))
    .await
    .unwrap();
    let (_, body) = app.get_json("/api/groups?ordering=popular").await;
    assert_eq!(titles(&body), ["Quiet", "Newer"]);
}

#[tokio::test]
async fn a_public_profile_lists_the_public_groups_its_member_created() {
    let (app, staff, owner) = setup().await;
    approved_group(&app, &owner, &staff, "Shown on the profile", &["stroke"]).await;
    draft(&app, &owner, "Still a draft", &["stroke"]).await;
    let id = app.me(&owner).await["id"].as_i64().unwrap();

    let (status, body) = app.get_json(&format!("/api/profile/{id}/groups")).await;
    assert_eq!(status, 200);
    assert_eq!(titles(&body), ["Shown on the profile"]);
    assert!(body["data"][0]["slug"].is_string());

    let (status, _) = app
        .patch_json_as(
            &owner,
            "/api/me",
            &json!({"name": "Ada", "current_password": "analytical 1843", "profile_is_private": true}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, body) = app.get_json(&format!("/api/profile/{id}/groups")).await;
    assert_eq!(body["data"], json!([]));
}

#[tokio::test]
async fn the_creator_is_shown_without_their_email() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Open stroke registry", &["stroke"]).await;
    let member = app.signed_in_user("grace@example.org", "hopper 1906").await;
    for path in ["/api/groups".to_owned(), format!("/api/groups/{slug}")] {
        let (status, visitor) = app.get_json(&path).await;
        assert_eq!(status, 200);
        let (_, signed_in) = app.get_json_as(&member, &path).await;
        for body in [visitor, signed_in] {
            assert!(body.to_string().contains("Test Member"), "{path}: {body}");
            assert!(
                !body.to_string().contains("ada@example.org"),
                "{path}: {body}"
            );
        }
    }
}
