//! Issue 23 §4: a private topic is found by its group's members only, and what is
//! edited, deleted, unpublished or made private is found as it is now, at once.

use serde_json::json;
use testkit::groups::{approved_group, join, setup};

use crate::finding::{blog_post, found};

const PASSWORD: &str = "analytical 1843";

/// The kinds found, in a fixed order (ranking is not what these tests are about).
fn kinds(found: &[(String, String)]) -> Vec<&str> {
    let mut kinds: Vec<&str> = found.iter().map(|(kind, _)| kind.as_str()).collect();
    kinds.sort_unstable();
    kinds
}

/// Issue 45 §1: a member's search walks the public posts and their targets' private ones
/// apart (on PostgreSQL each walk follows its own index) and finds both, newest together.
#[tokio::test]
async fn a_member_finds_public_and_private_matches_together() {
    let (app, staff, owner) = setup().await;
    let (group_id, slug) = approved_group(&app, &owner, &staff, "Trial desk", &["stroke"]).await;
    let member = app.signed_in_user("bo@example.org", PASSWORD).await;
    join(&app, &owner, &slug, &member).await;
    let topics = format!("/api/groups/{group_id}/discussions");
    for (text, is_public) in [
        ("<p>Zebrafish protocol, members only</p>", false),
        ("<p>Zebrafish protocol for everyone</p>", true),
        ("<p>Zebrafish husbandry, members only</p>", false),
    ] {
        let (status, body) = app
            .post_json_as(
                &member,
                &topics,
                &json!({"text": text, "is_public": is_public}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }
    let titles = |found: Vec<(String, String)>| {
        let mut titles: Vec<String> = found.into_iter().map(|(_, title)| title).collect();
        titles.sort_unstable();
        titles
    };
    assert_eq!(
        titles(found(&app, Some(&member), "q=zebrafish").await),
        vec![
            "Zebrafish husbandry, members only",
            "Zebrafish protocol for everyone",
            "Zebrafish protocol, members only"
        ]
    );
    assert_eq!(
        titles(found(&app, Some(&staff), "q=zebrafish").await),
        vec!["Zebrafish protocol for everyone"]
    );
}

#[tokio::test]
async fn private_topics_are_for_members_and_changes_show_at_once() {
    let (app, staff, owner) = setup().await;
    let (group_id, slug) = approved_group(&app, &owner, &staff, "Trial desk", &["stroke"]).await;
    let member = app.signed_in_user("bo@example.org", PASSWORD).await;
    join(&app, &owner, &slug, &member).await;
    let outsider = app.signed_in_user("cy@example.org", PASSWORD).await;
    let topics = format!("/api/groups/{group_id}/discussions");
    let (status, topic) = app
        .post_json_as(
            &member,
            &topics,
            &json!({"text": "<p>Confidential zebrafish results</p>", "is_public": false}),
        )
        .await;
    assert_eq!(status, 201, "{topic}");
    let topic_id = topic["data"]["id"].as_i64().unwrap();
    let response = app
        .client
        .post(app.url(&format!("/api/discussion/{topic_id}/comments")))
        .bearer_auth(&owner)
        .multipart(reqwest::multipart::Form::new().text("text", "<p>More zebrafish soon</p>"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);

    assert_eq!(
        kinds(&found(&app, Some(&member), "q=zebrafish").await),
        vec!["reply", "topic"]
    );
    assert_eq!(
        kinds(&found(&app, Some(&owner), "q=zebrafish").await).len(),
        2
    );
    for viewer in [Some(outsider.as_str()), Some(staff.as_str()), None] {
        assert!(
            found(&app, viewer, "q=zebrafish").await.is_empty(),
            "{viewer:?}"
        );
    }

    // Made public, it is anyone's; edited, it is found by its new words only.
    let (status, body) = app
        .put_json_as(
            &member,
            &format!("{topics}/{topic_id}"),
            &json!({"text": "<p>Published medaka results</p>", "is_public": true}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(kinds(&found(&app, None, "q=medaka").await), vec!["topic"]);
    assert_eq!(
        kinds(&found(&app, None, "q=zebrafish").await),
        vec!["reply"]
    );

    // Its replies go with the topic's state: hidden by its moderators, private again, and
    // back (issue 45 §1: each reply carries its topic's state, kept in the same
    // transaction as the change).
    let moderate = |reporter: String, action: &'static str| {
        let (app, owner) = (&app, owner.clone());
        async move {
            let (status, body) = app
                .post_json_as(
                    &reporter,
                    "/api/reports",
                    &json!({"subject_type": "topic", "subject_id": topic_id, "reason": "spam"}),
                )
                .await;
            assert_eq!(status, 201, "{body}");
            let (status, body) = app
                .post_json_as(
                    &owner,
                    &format!("/api/moderation/reports/topic/{topic_id}"),
                    &json!({"action": action, "reason": "Off topic."}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
        }
    };
    moderate(outsider.clone(), "hide").await;
    assert!(
        found(&app, Some(&outsider), "q=zebrafish").await.is_empty(),
        "a hidden topic's reply"
    );
    moderate(staff.clone(), "dismiss").await;
    assert_eq!(
        kinds(&found(&app, None, "q=zebrafish").await),
        vec!["reply"]
    );
    let privacy = |is_public: bool| {
        let (app, member, path) = (&app, member.clone(), format!("{topics}/{topic_id}"));
        async move {
            let (status, body) = app
                .put_json_as(
                    &member,
                    &path,
                    &json!({"text": "<p>Published medaka results</p>", "is_public": is_public}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
        }
    };
    privacy(false).await;
    assert!(found(&app, None, "q=zebrafish").await.is_empty());
    assert_eq!(
        kinds(&found(&app, Some(&member), "q=zebrafish").await),
        vec!["reply"]
    );
    privacy(true).await;
    assert_eq!(
        kinds(&found(&app, Some(&outsider), "q=zebrafish").await),
        vec!["reply"]
    );

    // Deleted, the topic and its replies vanish.
    let (status, body) = app
        .delete_as(&member, &format!("{topics}/{topic_id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        found(&app, Some(&member), "q=medaka+or+zebrafish")
            .await
            .is_empty()
    );

    // A post taken back to draft, and a profile made private, vanish too.
    let post = blog_post(&app, &staff, "Medaka care", "<p>Water.</p>", true).await;
    assert_eq!(found(&app, None, "q=medaka").await.len(), 1);
    let (status, body) = app
        .put_json_as(
            &staff,
            &format!("/api/staff/blog/posts/{post}"),
            &json!({"title": "Medaka care", "description": "", "body": "<p>Water.</p>", "published": false}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(found(&app, None, "q=medaka").await.is_empty());
    let (status, body) = app
        .patch_json_as(
            &outsider,
            "/api/me",
            &json!({"bio": "Medaka keeper", "current_password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(kinds(&found(&app, None, "q=medaka").await), vec!["profile"]);
    let (status, body) = app
        .patch_json_as(
            &outsider,
            "/api/me",
            &json!({"profile_is_private": true, "current_password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(found(&app, None, "q=medaka").await.is_empty());
}

/// Edits that change a topic's privacy, fired at once with replies being posted: whichever
/// commits last, the topic and every reply agree, so a visitor finds the replies exactly
/// when the topic is public.
#[tokio::test]
async fn racing_privacy_edits_and_replies_leave_every_reply_with_its_topics_privacy() {
    let (app, staff, owner) = setup().await;
    let (group_id, _) = approved_group(&app, &owner, &staff, "Race desk", &["stroke"]).await;
    let topics = format!("/api/groups/{group_id}/discussions");
    let (status, topic) = app
        .post_json_as(&owner, &topics, &json!({"text": "<p>Okapi notes</p>"}))
        .await;
    assert_eq!(status, 201, "{topic}");
    let topic_id = topic["data"]["id"].as_i64().unwrap();
    let path = format!("{topics}/{topic_id}");
    let edits = (0..8).map(|n| {
        let (app, owner, path) = (&app, owner.clone(), path.clone());
        async move {
            let body = json!({"text": "<p>Okapi notes</p>", "is_public": n % 2 == 0});
            app.put_json_as(&owner, &path, &body).await.0
        }
    });
    let replies = (0..4).map(|_| {
        let (app, owner) = (&app, owner.clone());
        async move {
            app.client
                .post(app.url(&format!("/api/discussion/{topic_id}/comments")))
                .bearer_auth(&owner)
                .multipart(reqwest::multipart::Form::new().text("text", "<p>Quagga sighting</p>"))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }
    });
    let (edited, replied) = tokio::join!(
        futures_util::future::join_all(edits),
        futures_util::future::join_all(replies)
    );
    assert!(edited.iter().all(|&s| s == 200), "{edited:?}");
    assert!(replied.iter().all(|&s| s == 201), "{replied:?}");
    let (_, listed) = app.get_json_as(&owner, &topics).await;
    let public = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == topic_id)
        .and_then(|t| t["is_public"].as_bool())
        .unwrap_or_else(|| panic!("{listed}"));
    let seen = found(&app, None, "q=quagga").await.len();
    assert_eq!(seen, if public { 4 } else { 0 }, "topic public: {public}");
    assert_eq!(found(&app, Some(&owner), "q=quagga").await.len(), 4);
}
