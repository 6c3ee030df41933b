//! Issue 43, item 18: the demo seed's working groups hold real conversation — public topics a
//! visitor reads, private ones only members read, replies that quote each other and votes —
//! made once however often the seed runs.

use serde_json::Value;
use testkit::spawn_app;

/// Every topic of a group's discussion the viewer reads (first page of replies included).
async fn topics(app: &testkit::TestApp, viewer: Option<&str>, group_id: i64) -> Vec<Value> {
    let path = format!("/api/groups/{group_id}/discussions?perPage=50");
    let (status, body) = match viewer {
        Some(token) => app.get_json_as(token, &path).await,
        None => app.get_json(&path).await,
    };
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn each_demo_group_has_public_and_private_topics_with_quoted_replies_and_votes() {
    let app = spawn_app().await;
    let logins = app.seed_demo().await.expect("the demo accounts are new");
    app.seed_demo().await;
    let (_, groups) = app.get_json("/api/groups?perPage=100").await;
    let groups = groups["data"].as_array().unwrap().clone();
    assert_eq!(groups.len(), 4, "{groups:?}");
    let member = app
        .sign_in("amira@cohort.local", &logins.member_password)
        .await;
    for group in &groups {
        let id = group["id"].as_i64().unwrap();
        let public = topics(&app, None, id).await;
        let all = topics(&app, Some(&member), id).await;
        assert!(
            !public.is_empty(),
            "a visitor reads {}'s topics",
            group["title"]
        );
        assert!(public.iter().all(|t| t["is_public"] == true));
        assert_eq!(
            all.len(),
            2,
            "the second seed added nothing to {}",
            group["title"]
        );
        let replies: Vec<&Value> = all
            .iter()
            .flat_map(|t| t["replies"].as_array().unwrap())
            .collect();
        assert!(all.iter().all(|t| t["num_replies"].as_i64().unwrap() > 0));
        assert!(
            replies.iter().any(|r| r["quotes"]["text"].is_string()),
            "a reply in {} quotes another",
            group["title"]
        );
        assert!(all.iter().any(|t| t["votes"]["up"].as_i64().unwrap() > 0));
        assert!(
            replies
                .iter()
                .any(|r| r["votes"]["up"].as_i64().unwrap() > 0)
        );
    }
    let private = {
        let mut count = 0;
        for group in &groups {
            let id = group["id"].as_i64().unwrap();
            count +=
                topics(&app, Some(&member), id).await.len() - topics(&app, None, id).await.len();
        }
        count
    };
    assert!(private >= 3, "members read private topics visitors do not");
}
