//! Issue 21 item 16: a group's activity over the last 90 days, for its owner and moderators.

use serde_json::{Value, json};
use testkit::groups;

/// The days of a series that are not zero, as (day of the period, count).
fn nonzero(activity: &Value, series: &str) -> Vec<(usize, i64)> {
    let values = activity[series].as_array().unwrap();
    assert_eq!(values.len(), 90, "{series}");
    values
        .iter()
        .map(|v| v.as_i64().unwrap())
        .enumerate()
        .filter(|(_, n)| *n > 0)
        .collect()
}

#[tokio::test]
async fn owners_and_moderators_see_who_joined_posted_and_read_the_updates_each_day() {
    let (app, staff, owner) = groups::setup().await;
    let (id, slug) = groups::approved_group(&app, &owner, &staff, "Sleep", &["stroke"]).await;
    let member = app
        .signed_in_user("grace@example.org", "member password 1")
        .await;
    let other = app
        .signed_in_user("linus@example.org", "member password 1")
        .await;
    groups::join(&app, &owner, &slug, &member).await;
    let path = format!("/api/groups/{slug}/activity");

    // Only the people who run the group see it.
    assert_eq!(app.get_json(&path).await.0, 401);
    assert_eq!(app.get_json_as(&member, &path).await.0, 403);
    assert_eq!(app.get_json_as(&other, &path).await.0, 403);
    assert_eq!(app.get_json_as(&staff, &path).await.0, 403);
    assert_eq!(
        app.get_json_as(&owner, "/api/groups/no-such-group/activity")
            .await
            .0,
        404
    );

    let (status, topic) = app
        .post_json_as(
            &member,
            &format!("/api/groups/{id}/discussions"),
            &json!({"text": "<p>Naps after a stroke</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{topic}");
    let topic = topic["data"]["id"].as_i64().unwrap();
    for text in ["<p>Short ones.</p>", "<p>None for me.</p>"] {
        let (status, body) = app
            .post_json_as(
                &owner,
                &format!("/api/discussion/{topic}/comments"),
                &json!({ "text": text }),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }
    // The member opens the updates twice today, the owner once: two readers. Staff reading
    // along are not counted, nor is a page past the first.
    for reader in [&member, &member, &owner, &staff] {
        let (status, body) = app
            .get_json_as(reader, &format!("/api/groups/{id}/post"))
            .await;
        assert_eq!(status, 200, "{body}");
    }

    let (status, body) = app.get_json_as(&owner, &path).await;
    assert_eq!(status, 200, "{body}");
    let activity = &body["data"];
    assert_eq!(activity["period"]["days"], 90);
    assert_eq!(
        nonzero(activity, "members_joined"),
        [(89, 2)],
        "the owner and the member, today"
    );
    assert_eq!(nonzero(activity, "topics"), [(89, 1)]);
    assert_eq!(nonzero(activity, "replies"), [(89, 2)]);
    assert_eq!(nonzero(activity, "update_readers"), [(89, 2)]);

    // A moderator sees it too; another group's posts are not counted.
    let member_id = app.me(&member).await["id"].as_i64().unwrap();
    let (_, members) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/members"))
        .await;
    let row = members["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["user_id"] == member_id)
        .unwrap()["id"]
        .clone();
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("/api/groups/{slug}/members/{row}"),
            &json!({"role": "moderator"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (other_id, _) = groups::approved_group(&app, &owner, &staff, "Other", &["stroke"]).await;
    let (status, _) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{other_id}/discussions"),
            &json!({"text": "<p>Elsewhere</p>"}),
        )
        .await;
    assert_eq!(status, 201);
    let (status, body) = app.get_json_as(&member, &path).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(nonzero(&body["data"], "topics"), [(89, 1)]);
}
