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
