use serde_json::{Value, json};

use crate::support::{approved_group, draft, setup};

#[tokio::test]
async fn updates_wait_for_staff_then_members_read_them() {
    let (app, staff, owner) = setup().await;
    let pending = draft(&app, &owner, "Not yet approved", &["stroke"]).await;
    let pending_id = pending["id"].as_i64().unwrap();
    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/me/groups/{pending_id}/post"),
            &json!({"title": "Hi", "text": "<p>x</p>"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "Updates can be added once the working group is approved."
    );

    let (id, slug) = approved_group(&app, &owner, &staff, "Updating", &["stroke"]).await;
    let member = app
        .signed_in_user("mem@example.org", "analytical 1843")
        .await;
    testkit::groups::join(&app, &owner, &slug, &member).await;
    let path = format!("/api/me/groups/{id}/post");
    let (status, body) = app
        .post_json_as(&owner, &path, &json!({"title": " ", "text": "<p></p>"}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["title"], json!(["This field is required"]));
    assert_eq!(body["messages"]["text"], json!(["This field is required"]));

    let (status, body) = app
        .post_json_as(
            &owner,
            &path,
            &json!({"title": "First results", "text": "<p>Good news<script>x</script></p>", "video_url": "https://vimeo.com/1"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let update = body["data"]["id"].as_i64().unwrap();
    assert_eq!(body["data"]["approved_status"], "waiting_for_approval");
    assert_eq!(body["data"]["text"], "<p>Good news</p>");
    assert_eq!(body["data"]["can_edit"], true);

    let (status, body) = app
        .upload_as(
            &owner,
            &format!("{path}/{update}/set-image"),
            "u.png",
            testkit::pictures::png(300, 200),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body["data"]["image"]
            .as_str()
            .unwrap()
            .starts_with("/media/groups/")
    );

    // Members read only approved updates; strangers none. The owner sees theirs waiting,
    // with its status (issue 43, item 10: the tab said "No updates").
    let (_, body) = app
        .get_json_as(&member, &format!("/api/groups/{id}/post"))
        .await;
    assert_eq!(body["data"], json!([]));
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/groups/{id}/post"))
        .await;
    assert_eq!(body["data"][0]["id"], update);
    assert_eq!(body["data"][0]["approved_status"], "waiting_for_approval");
    assert_eq!(body["data"][0]["can_edit"], true);
    let stranger = app
        .signed_in_user("st@example.org", "analytical 1843")
        .await;
    let (status, _) = app
        .get_json_as(&stranger, &format!("/api/groups/{id}/post"))
        .await;
    assert_eq!(status, 404);
    let (status, _) = app
        .get_json_as(&stranger, &format!("{path}/{update}"))
        .await;
    assert_eq!(status, 404);

    let (_, body) = app.get_json_as(&staff, "/api/staff/group-updates").await;
    assert_eq!(body["data"][0]["id"], update);
    // The queue names the group each update belongs to.
    assert_eq!(body["data"][0]["group"]["id"], id);
    assert!(
        body["data"][0]["group"]["title"]
            .as_str()
            .is_some_and(|t| !t.is_empty())
    );
    let (status, body) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/group-updates/{update}/approve"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = app
        .get_json_as(&member, &format!("/api/groups/{id}/post"))
        .await;
    assert_eq!(body["data"][0]["title"], "First results");

    // An edit goes back for review.
    let (status, body) = app
        .patch_json_as(
            &owner,
            &format!("{path}/{update}"),
            &json!({"title": "First results (corrected)", "text": "<p>Better</p>"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["approved_status"], "waiting_for_approval");
    assert!(
        body["data"]["image"].is_string(),
        "leaving the image out keeps it"
    );
    let (_, body) = app.get_json_as(&owner, &path).await;
    assert_eq!(body["data"]["group"]["approved_status"], "approved");
    assert_eq!(body["data"]["can_add"], true);
    assert_eq!(
        body["data"]["updates"][0]["title"],
        "First results (corrected)"
    );

    let (status, _) = app.get_json_as(&owner, "/api/staff/group-updates").await;
    assert_eq!(status, 404);
    let (status, _) = app
        .post_json_as(
            &owner,
            &format!("/api/staff/group-updates/{update}/approve"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 404);
}

/// Issue 15, finding 10: an update's video and a group's embedded link took `javascript:`.
#[tokio::test]
async fn video_links_are_http_addresses_only() {
    let (app, staff, owner) = setup().await;
    let (id, _) = approved_group(&app, &owner, &staff, "Links", &["stroke"]).await;
    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/me/groups/{id}/post"),
            &json!({"title": "T", "text": "<p>x</p>", "video_url": "javascript:alert(1)"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["video_url"], json!(["Not a valid url"]));
    let (status, body) = app
        .patch_json_as(
            &owner,
            &format!("/api/me/groups/{id}"),
            &json!({"embedded_link": "javascript:alert(1)"}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["embedded_link"],
        json!(["Not a valid url"])
    );
    // Issue 48 §8: the link is parsed as the request is read, on a new group too; on an
    // edit, left out it stays, and `""` or `null` removes it.
    let (status, body) = app
        .post_json_as(
            &owner,
            "/api/me/groups",
            &json!({"title": "New", "summary": "<p>s</p>", "tags": [], "embedded_link": "//evil.example"}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["embedded_link"],
        json!(["Not a valid url"])
    );
    let path = format!("/api/me/groups/{id}");
    let (status, body) = app
        .patch_json_as(
            &owner,
            &path,
            &json!({"embedded_link": " https://vimeo.com/1 "}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["embedded_link"], "https://vimeo.com/1");
    let (_, body) = app
        .patch_json_as(&owner, &path, &json!({"title": "Links again"}))
        .await;
    assert_eq!(body["data"]["embedded_link"], "https://vimeo.com/1", "kept");
    for cleared in [json!(""), json!(null)] {
        let (status, body) = app
            .patch_json_as(
                &owner,
                &path,
                &json!({"embedded_link": "https://vimeo.com/2"}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["embedded_link"], "https://vimeo.com/2");
        let (status, body) = app
            .patch_json_as(&owner, &path, &json!({"embedded_link": cleared}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["embedded_link"], Value::Null, "{cleared}");
    }
}

/// Issue 24 §1: an update that may identify a patient needs its author's declaration, and
/// none is enough once the owner made the check blocking.
#[tokio::test]
async fn flagged_updates_need_a_declaration_unless_the_group_blocks_them() {
    let (app, staff, owner) = setup().await;
    let (id, slug) = approved_group(&app, &owner, &staff, "Guarded", &["stroke"]).await;
    let path = format!("/api/me/groups/{id}/post");
    let flagged = "<p>Thanks to Mr Ahmed Khan, who has schizophrenia, for his story.</p>";
    let (status, body) = app
        .post_json_as(&owner, &path, &json!({"title": "Stories", "text": flagged}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["text"],
        json!([
            "This text may identify a patient (a name next to a diagnosis). Edit it, or confirm that you may share it."
        ])
    );
    let (status, body) = app
        .post_json_as(
            &owner,
            &path,
            &json!({"title": "Stories", "text": flagged, "phi_declared": true}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let update = body["data"]["id"].as_i64().unwrap();

    let (status, _) = app
        .put_json_as(
            &owner,
            &format!("/api/groups/{slug}/phi-check"),
            &json!({"blocking": true}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(body["data"]["phi_blocking"], true);
    let (status, body) = app
        .patch_json_as(
            &owner,
            &format!("{path}/{update}"),
            &json!({"title": "Stories", "text": flagged, "phi_declared": true}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["messages"]["text"][0]
            .as_str()
            .unwrap()
            .starts_with("This working group does not publish")
    );
}
