use reqwest::Method;
use serde_json::json;
use testkit::groups::{approved_group, lookup_id};
use testkit::staff::{assert_hidden, roles};

#[tokio::test]
async fn staff_keep_the_lookups_and_cannot_pull_an_entry_from_under_a_group() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    for kind in ["tags", "goals", "roles"] {
        let body = json!({"title": "X"});
        assert_hidden(
            &app,
            &r,
            Method::GET,
            &format!("/api/staff/lookups/{kind}"),
            None,
        )
        .await;
        assert_hidden(
            &app,
            &r,
            Method::POST,
            &format!("/api/staff/lookups/{kind}"),
            Some(&body),
        )
        .await;
        assert_hidden(
            &app,
            &r,
            Method::PUT,
            &format!("/api/staff/lookups/{kind}/1"),
            Some(&body),
        )
        .await;
        assert_hidden(
            &app,
            &r,
            Method::DELETE,
            &format!("/api/staff/lookups/{kind}/1"),
            None,
        )
        .await;
    }

    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/lookups/tags",
            &json!({"title": "Hearing loss research"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["slug"], "hearing-loss-research");
    let id = body["data"]["id"].clone();
    let (_, public) = app.get_json("/api/groups/tags").await;
    assert!(
        public["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["title"] == "Hearing loss research")
    );
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            "/api/staff/lookups/tags",
            &json!({"title": "Stroke again", "slug": "stroke"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["slug"],
        json!(["An entry with this address already exists."])
    );
    let (status, _) = app
        .put_json_as(
            &r.moderator,
            &format!("/api/staff/lookups/tags/{id}"),
            &json!({"title": "Hearing research"}),
        )
        .await;
    assert_eq!(status, 200);

    // A tag a group uses stays; an unused one goes.
    approved_group(&app, &r.member, &r.admin, "Rare and shared", &["stroke"]).await;
    let stroke = lookup_id(&app, "/api/groups/tags", "stroke").await;
    let (status, body) = app
        .delete_as(&r.moderator, &format!("/api/staff/lookups/tags/{stroke}"))
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        body["message"],
        "1 working group uses this entry; take it off them first."
    );
    let (_, tags) = app
        .get_json_as(&r.moderator, "/api/staff/lookups/tags")
        .await;
    let used = tags["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == stroke)
        .unwrap()
        .clone();
    assert_eq!(used["groups"], 1);
    let goal = lookup_id(
        &app,
        "/api/groups/goals-of-working-group",
        "research-discussion",
    )
    .await;
    let (status, _) = app
        .delete_as(&r.moderator, &format!("/api/staff/lookups/goals/{goal}"))
        .await;
    assert_eq!(status, 409, "the group's goal is in use");
    let other = lookup_id(&app, "/api/groups/goals-of-working-group", "other").await;
    let (status, _) = app
        .delete_as(&r.moderator, &format!("/api/staff/lookups/goals/{other}"))
        .await;
    assert_eq!(status, 409);
    let (status, _) = app
        .put_json_as(
            &r.moderator,
            &format!("/api/staff/lookups/goals/{other}"),
            &json!({"title": "Other", "slug": "misc"}),
        )
        .await;
    assert_eq!(status, 400);
    let (status, _) = app
        .delete_as(&r.moderator, &format!("/api/staff/lookups/tags/{id}"))
        .await;
    assert_eq!(status, 200);

    let (_, log) = app
        .get_json_as(&r.admin, "/api/staff/audit?action=lookup")
        .await;
    let actions: Vec<&str> = log["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["lookup.delete", "lookup.update", "lookup.create"]);
    assert_eq!(log["data"][1]["before"]["title"], "Hearing loss research");
}

#[tokio::test]
async fn staff_list_every_group_to_suspend_and_reactivate() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    let (id, slug) = approved_group(&app, &r.member, &r.admin, "Suspendable", &["stroke"]).await;
    let (_, waiting) = app.get_json_as(&r.moderator, "/api/staff/groups").await;
    assert_eq!(waiting["pagination"]["count"], 0);
    let (_, all) = app
        .get_json_as(&r.moderator, "/api/staff/groups?list=all&search=suspend")
        .await;
    assert_eq!(all["data"][0]["id"], id);
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            &format!("/api/staff/groups/{id}/suspend"),
            &json!({"reason": "Off-topic"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(status, 404, "a suspended group is not public");
    let (_, all) = app
        .get_json_as(&r.moderator, "/api/staff/groups?list=all")
        .await;
    assert_eq!(all["data"][0]["active_status"], "suspended");
    let (status, _) = app
        .post_json_as(
            &r.moderator,
            &format!("/api/staff/groups/{id}/reactivate"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = app.get_json(&format!("/api/groups/{slug}")).await;
    assert_eq!(status, 200);
}
