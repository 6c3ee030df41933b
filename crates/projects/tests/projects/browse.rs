use serde_json::{Value, json};
use testkit::projects::{card, draft, live_campaign, make_eligible, submitted};
use testkit::spawn_app;

fn titles(body: &Value) -> Vec<&str> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn everyone_finds_live_projects_and_only_owners_see_theirs_before() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("owner@example.org", "trial design 21")
        .await;
    make_eligible(&app, &owner, "trial design 21", &staff).await;
    let sepsis = submitted(&app, &owner, "Early sepsis").await;
    let stroke = submitted(&app, &owner, "Stroke rehabilitation at home").await;
    draft(&app, &owner, "A draft nobody sees").await;
    for id in [sepsis, stroke] {
        let (status, _) = app
            .post_json_as(
                &staff,
                &format!("/api/staff/projects/{id}/review"),
                &json!({"verdict": "approve"}),
            )
            .await;
        assert_eq!(status, 200);
    }

    let (status, body) = app.get_json("/api/projects").await;
    assert_eq!(status, 200);
    assert_eq!(
        titles(&body),
        ["Stroke rehabilitation at home", "Early sepsis"],
        "the newest live first"
    );
    assert_eq!(body["data"][0]["owner"]["name"], "Test Member");
    assert_eq!(body["pagination"]["count"], 2);
    let (_, found) = app.get_json("/api/projects?search=SEPSIS").await;
    assert_eq!(titles(&found), ["Early sepsis"]);

    let (status, page) = app.get_json("/api/projects/early-sepsis").await;
    assert_eq!(status, 200);
    let data = &page["data"];
    assert_eq!(
        (
            data["status"].as_str(),
            data["abilities"]["can_edit"].as_bool()
        ),
        (Some("live"), Some(false))
    );
    assert_eq!(data["methods"], "<p>A cohort of 400 patients.</p>");
    let live_at = chrono::DateTime::parse_from_rfc3339(data["live_at"].as_str().unwrap()).unwrap();
    let closes = chrono::DateTime::parse_from_rfc3339(data["closes_at"].as_str().unwrap()).unwrap();
    assert_eq!(
        closes - live_at,
        chrono::Duration::days(30),
        "the campaign runs its days"
    );

    // A draft's page is its owner's alone.
    let (status, _) = app.get_json("/api/projects/a-draft-nobody-sees").await;
    assert_eq!(status, 404);
    let (status, mine) = app
        .get_json_as(&owner, "/api/projects/a-draft-nobody-sees")
        .await;
    assert_eq!(status, 200);
    assert_eq!(mine["data"]["abilities"]["can_edit"], true);
    let (status, _) = app.get_json("/api/projects/no-such-project").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn members_give_a_project_one_heart_each_and_find_their_favourites() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("owner@example.org", "trial design 21")
        .await;
    let fan = app
        .signed_in_user("fan@example.org", "trial design 21")
        .await;
    make_eligible(&app, &owner, "trial design 21", &staff).await;
    let id = submitted(&app, &owner, "Early sepsis").await;
    draft(&app, &owner, "Still a draft").await;
    let (status, _) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/projects/{id}/review"),
            &json!({"verdict": "approve"}),
        )
        .await;
    assert_eq!(status, 200);

    let heart = "/api/projects/early-sepsis/favorite";
    // Taps that race count once.
    let taps = (0..8).map(|_| app.send_as(reqwest::Method::PUT, &fan, heart, None));
    for (status, body) in futures_util::future::join_all(taps).await {
        assert_eq!(status, 200, "{body}");
    }
    let (_, page) = app.get_json_as(&fan, "/api/projects/early-sepsis").await;
    assert_eq!(
        page["data"]["favorites"],
        json!({"count": 1, "is_favorite": true})
    );
    assert_eq!(page["data"]["abilities"]["can_favorite"], true);
    let (status, body) = app.send_as(reqwest::Method::PUT, &owner, heart, None).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"], json!({"count": 2, "is_favorite": true}));

    let (_, seen) = app.get_json("/api/projects/early-sepsis").await;
    assert_eq!(
        seen["data"]["favorites"],
        json!({"count": 2, "is_favorite": false})
    );
    assert_eq!(seen["data"]["abilities"]["can_favorite"], false);
    let (status, _) = app.send_as(reqwest::Method::PUT, "", heart, None).await;
    assert_eq!(status, 401);

    let (_, mine) = app.get_json_as(&fan, "/api/me/favorite-projects").await;
    assert_eq!(titles(&mine), ["Early sepsis"]);
    assert_eq!(mine["pagination"]["perPage"], 99);
    let (status, body) = app.delete_as(&fan, heart).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"], json!({"count": 1, "is_favorite": false}));
    let (_, mine) = app.get_json_as(&fan, "/api/me/favorite-projects").await;
    assert_eq!(mine["data"], json!([]));

    // Only public projects take hearts.
    let (status, _) = app
        .send_as(
            reqwest::Method::PUT,
            &fan,
            "/api/projects/still-a-draft/favorite",
            None,
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn projects_carry_topics_and_are_found_by_topic_and_sorted() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("owner@example.org", "trial design 21")
        .await;
    let fans = [
        app.signed_in_user("a@example.org", "trial design 21").await,
        app.signed_in_user("b@example.org", "trial design 21").await,
    ];
    make_eligible(&app, &owner, "trial design 21", &staff).await;
    let (_, topics) = app.get_json("/api/groups/tags").await;
    let topic = |slug: &str| {
        topics["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["slug"] == slug)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let (stroke, paediatrics) = (topic("stroke"), topic("paediatrics"));

    // Topics come from the list, at most five, each once.
    let (status, body) = app
        .post_json_as(
            &owner,
            "/api/me/projects",
            &json!({"title": "T", "lay_summary": "<p>S</p>", "tags": [stroke, 999_999]}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["tags"],
        json!(["Choose topics from the list."])
    );
    let six: Vec<i64> = topics["data"].as_array().unwrap()[..6]
        .iter()
        .map(|t| t["id"].as_i64().unwrap())
        .collect();
    let (status, body) = app
        .post_json_as(
            &owner,
            "/api/me/projects",
            &json!({"title": "T", "lay_summary": "<p>S</p>", "tags": six}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["tags"],
        json!(["Choose at most 5 topics."])
    );

    // Three live projects: stroke (30 days), children's sepsis (15 days), and a third.
    let mut slugs = Vec::new();
    for (title, tags, days) in [
        ("Stroke at home", vec![stroke, stroke], 30),
        ("Sepsis in children", vec![paediatrics], 15),
        ("Sleep after surgery", vec![], 60),
    ] {
        let created = draft(&app, &owner, title).await;
        let id = created["id"].as_i64().unwrap();
        let (status, saved) = app
            .put_json_as(
                &owner,
                &format!("/api/me/projects/{id}/general"),
                &json!({"title": title, "lay_summary": "<p>Plain words.</p>", "tags": tags}),
            )
            .await;
        assert_eq!(status, 200, "{saved}");
        testkit::projects::complete(&app, &owner, id).await;
        let (status, _) = app
            .put_json_as(
                &owner,
                &format!("/api/me/projects/{id}/budget"),
                &json!({"total_budget_cents": 4_000_000, "funding_goal_cents": 2_500_000, "campaign_days": days}),
            )
            .await;
        assert_eq!(status, 200);
        app.post_json_as(&owner, &format!("/api/me/projects/{id}/submit"), &json!({}))
            .await;
        let (_, live) = app
            .post_json_as(
                &staff,
                &format!("/api/staff/projects/{id}/review"),
                &json!({"verdict": "approve"}),
            )
            .await;
        slugs.push(live["data"]["slug"].as_str().unwrap().to_owned());
    }
    let (_, mine) = app.get_json_as(&owner, "/api/me/projects").await;
    assert_eq!(mine["data"][2]["tags"], json!([stroke]), "once each");

    // Topics by slug, several at once, as the groups list takes them (issue 43, item 2: one
    // numeric id).
    let (_, tagged) = app.get_json("/api/projects?tags=stroke").await;
    assert_eq!(titles(&tagged), ["Stroke at home"]);
    assert_eq!(tagged["data"][0]["tags"][0]["title"], "Stroke");
    assert_eq!(tagged["data"][0]["tags"][0]["slug"], "stroke");
    let (_, both) = app.get_json("/api/projects?tags=stroke,paediatrics").await;
    assert_eq!(titles(&both), ["Sepsis in children", "Stroke at home"]);
    let (_, none) = app.get_json("/api/projects?tags=no-such-topic").await;
    assert_eq!(titles(&none), Vec::<String>::new());
    let (_, newest) = app.get_json("/api/projects").await;
    assert_eq!(
        titles(&newest),
        [
            "Sleep after surgery",
            "Sepsis in children",
            "Stroke at home"
        ]
    );
    let (_, ending) = app.get_json("/api/projects?sort=ending_soon").await;
    assert_eq!(
        titles(&ending),
        [
            "Sepsis in children",
            "Stroke at home",
            "Sleep after surgery"
        ]
    );
    // Hearts: two on stroke, one on sleep; a review on sepsis.
    for (fan, slug) in [
        (&fans[0], &slugs[0]),
        (&fans[1], &slugs[0]),
        (&fans[0], &slugs[2]),
    ] {
        app.send_as(
            reqwest::Method::PUT,
            fan,
            &format!("/api/projects/{slug}/favorite"),
            None,
        )
        .await;
    }
    let (status, _) = app
        .put_json_as(
            &fans[1],
            &format!("/api/projects/{}/review", slugs[1]),
            &json!({"scientific_merit": 4, "feasibility": 4, "relevance_to_patients": 4, "clarity": 4, "team": 4}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, loved) = app.get_json("/api/projects?sort=most_favorited").await;
    assert_eq!(
        titles(&loved),
        [
            "Stroke at home",
            "Sleep after surgery",
            "Sepsis in children"
        ]
    );
    let (_, reviewed) = app.get_json("/api/projects?sort=most_reviewed").await;
    assert_eq!(titles(&reviewed)[0], "Sepsis in children");
    let (status, _) = app.get_json("/api/projects?sort=cheapest").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_project_shows_its_picture_and_video() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("owner@example.org", "trial design 21")
        .await;
    make_eligible(&app, &owner, "trial design 21", &staff).await;
    let id = submitted(&app, &owner, "Early sepsis").await;
    // Sent back, so the owner may change it again.
    app.post_json_as(
        &staff,
        &format!("/api/staff/projects/{id}/review"),
        &json!({"verdict": "reject", "reason": "Add a picture."}),
    )
    .await;
    let general = format!("/api/me/projects/{id}/general");
    let (status, body) = app
        .put_json_as(
            &owner,
            &general,
            &json!({"title": "Early sepsis", "lay_summary": "<p>S</p>", "video_url": "javascript:alert(1)"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["video_url"], json!(["Not a valid url"]));
    let (status, _) = app
        .put_json_as(
            &owner,
            &general,
            &json!({"title": "Early sepsis", "lay_summary": "<p>S</p>", "video_url": "https://vimeo.com/76979871"}),
        )
        .await;
    assert_eq!(status, 200);
    let image = format!("/api/me/projects/{id}/set-image");
    let (status, _) = app
        .upload_as(&owner, &image, "project", b"GIF89a".to_vec())
        .await;
    assert_eq!(status, 400, "checked by content");
    let (status, saved) = app
        .upload_as(
            &owner,
            &image,
            "project",
            testkit::pictures::jpeg(1600, 840),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert!(saved["data"]["image"].as_str().is_some());
    app.post_json_as(&owner, &format!("/api/me/projects/{id}/submit"), &json!({}))
        .await;
    let (status, _) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/projects/{id}/review"),
            &json!({"verdict": "approve"}),
        )
        .await;
    assert_eq!(status, 200);

    let (_, page) = app.get_json("/api/projects/early-sepsis").await;
    assert_eq!(page["data"]["video_url"], "https://vimeo.com/76979871");
    let (_, list) = app.get_json("/api/projects").await;
    let thumbnail = list["data"][0]["image_thumbnail"]
        .as_str()
        .unwrap()
        .to_owned();
    let served = app.client.get(app.url(&thumbnail)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    let (width, _) = testkit::pictures::dimensions(&served.bytes().await.unwrap());
    assert!(width <= 480, "a card gets the small copy");
    // A live project's new picture waits for staff; the public keeps the approved one.
    let (status, mine) = app
        .upload_as(&owner, &image, "project", testkit::pictures::jpeg(800, 420))
        .await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["data"]["changes_pending"], true);
    assert_ne!(mine["data"]["image"], page["data"]["image"]);
    let (_, again) = app.get_json("/api/projects/early-sepsis").await;
    assert_eq!(again["data"]["image"], page["data"]["image"]);
}

/// Issue 45 §3: a visitor's projects list and project page come from memory (an ETag, a
/// 304 for a browser that holds it) and change at once when a pledge moves the total.
#[tokio::test]
async fn a_visitors_projects_come_from_memory_until_a_pledge_changes_them() {
    let app = spawn_app().await;
    let campaign = live_campaign(&app, "trial design 21").await;
    let ada = app
        .signed_in_user("ada@example.org", "trial design 21")
        .await;
    let setup = card(&app, &ada, &campaign.slug, "4242 4242 4242 4242").await;
    let read = |path: String, etag: Option<String>| {
        let mut request = app.client.get(app.url(&path));
        if let Some(etag) = etag {
            request = request.header("if-none-match", etag);
        }
        async move {
            let response = request.send().await.unwrap();
            let etag = response
                .headers()
                .get("etag")
                .map(|v| v.to_str().unwrap().to_owned());
            let (status, body) = testkit::read(response).await;
            (status, etag, body)
        }
    };
    let pages = [
        ("/api/projects".to_owned(), "/data/0/funding/raised_cents"),
        (
            format!("/api/projects/{}", campaign.slug),
            "/data/funding/raised_cents",
        ),
    ];
    let mut held = Vec::new();
    for (path, raised) in &pages {
        let (status, etag, body) = read(path.clone(), None).await;
        assert_eq!(
            (status, body.pointer(raised)),
            (200, Some(&json!(0))),
            "{path}"
        );
        let etag = etag.unwrap_or_else(|| panic!("{path} is not served from memory"));
        let (status, again, _) = read(path.clone(), Some(etag.clone())).await;
        assert_eq!((status, again.as_ref()), (304, Some(&etag)), "{path}");
        held.push(etag);
    }

    let (status, body) = app
        .post_json_as(
            &ada,
            &format!("/api/projects/{}/pledges", campaign.slug),
            &json!({"setup_id": setup, "amount_cents": 2_500, "adult": true}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    for ((path, raised), etag) in pages.iter().zip(held) {
        let (status, fresh, body) = read(path.clone(), Some(etag.clone())).await;
        assert_eq!(status, 200, "{path} changed with the pledge");
        assert_ne!(fresh, Some(etag), "{path}");
        assert_eq!(body.pointer(raised), Some(&json!(2_500)), "{path}");
    }
}
