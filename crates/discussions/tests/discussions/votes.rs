use serde_json::{Value, json};

use crate::support::Scene;

async fn vote(scene: &Scene, token: &str, path: &str, reaction: &str) -> (u16, Value) {
    scene
        .app
        .put_json_as(token, path, &json!({"reaction": reaction}))
        .await
}

#[tokio::test]
async fn the_same_vote_clears_and_the_other_switches() {
    let scene = Scene::new().await;
    let topic = scene.topic(&scene.owner, "<p>Vote on me</p>").await;
    let path = format!("/api/discussion/vote/{}", topic["id"]);

    let (_, listed) = scene.app.get_json_as(&scene.member, &scene.topics()).await;
    assert_eq!(
        listed["data"][0]["cannot_vote"],
        Value::Null,
        "a member votes on someone else's topic"
    );
    let (status, body) = vote(&scene, &scene.member, &path, "up").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!({"votes": {"up": 1, "down": 0}, "user_reaction": "up"})
    );
    let (_, body) = vote(&scene, &scene.member, &path, "up").await;
    assert_eq!(
        body["data"],
        json!({"votes": {"up": 0, "down": 0}, "user_reaction": null})
    );
    let (_, body) = vote(&scene, &scene.member, &path, "down").await;
    assert_eq!(
        body["data"],
        json!({"votes": {"up": 0, "down": 1}, "user_reaction": "down"})
    );
    // Found walking the spec (issue 43): a signed-in non-member voted on a working group's
    // topic. Non-members read its public topics; only members take part.
    let (_, listed) = scene
        .app
        .get_json_as(&scene.outsider, &scene.topics())
        .await;
    assert_eq!(listed["data"][0]["cannot_vote"], discussions::MEMBERS_VOTE);
    let (status, body) = vote(&scene, &scene.outsider, &path, "down").await;
    assert_eq!(
        (status, body["message"].as_str()),
        (403, Some(discussions::MEMBERS_VOTE))
    );
    let (_, body) = vote(&scene, &scene.member, &path, "up").await;
    assert_eq!(
        body["data"],
        json!({"votes": {"up": 1, "down": 0}, "user_reaction": "up"})
    );

    // The list shows each viewer their own reaction.
    let (_, body) = scene.app.get_json_as(&scene.member, &scene.topics()).await;
    assert_eq!(body["data"][0]["user_reaction"], "up");
    assert_eq!(body["data"][0]["votes"], json!({"up": 1, "down": 0}));
    let (_, body) = scene
        .app
        .get_json_as(&scene.outsider, &scene.topics())
        .await;
    assert_eq!(body["data"][0]["user_reaction"], Value::Null);

    let (status, body) = vote(&scene, &scene.owner, &path, "up").await;
    assert_eq!(status, 403);
    assert_eq!(body["message"], "You cannot vote on your own post.");
    let anonymous = scene
        .app
        .client
        .put(scene.app.url(&path))
        .json(&json!({"reaction": "up"}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 401);
    let (status, _) = vote(&scene, &scene.member, &path, "sideways").await;
    assert_eq!(status, 400);

    // Replies have their own route; a topic id there is not a reply.
    let reply = scene
        .reply(
            &scene.member,
            topic["id"].as_i64().unwrap(),
            "<p>Reply</p>",
            None,
        )
        .await;
    let (status, body) = vote(
        &scene,
        &scene.owner,
        &format!("/api/comments/vote/{}", reply["id"]),
        "down",
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["votes"], json!({"up": 0, "down": 1}));
    let (status, _) = vote(
        &scene,
        &scene.member,
        &format!("/api/comments/vote/{}", topic["id"]),
        "up",
    )
    .await;
    assert_eq!(status, 404);

    scene
        .app
        .delete_as(&scene.owner, &format!("{}/{}", scene.topics(), topic["id"]))
        .await;
    let (status, body) = vote(&scene, &scene.member, &path, "down").await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "You cannot vote on a deleted post.");
}

#[tokio::test]
async fn fifty_votes_at_once_all_land() {
    let scene = Scene::new().await;
    let topic = scene.topic(&scene.owner, "<p>Popular</p>").await;
    let path = format!("/api/discussion/vote/{}", topic["id"]);
    let mut voters = Vec::new();
    for i in 0..50 {
        let voter = scene
            .app
            .signed_in_user(&format!("voter{i}@example.org"), "analytical 1843")
            .await;
        testkit::groups::join(&scene.app, &scene.owner, &scene.slug, &voter).await;
        voters.push(voter);
    }
    let votes = voters.iter().enumerate().map(|(i, token)| {
        let path = path.clone();
        let scene = &scene;
        async move {
            let reaction = if i % 5 == 0 { "down" } else { "up" };
            vote(scene, token, &path, reaction).await.0
        }
    });
    let statuses = futures_util::future::join_all(votes).await;
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let (_, body) = scene.app.get_json(&scene.topics()).await;
    assert_eq!(body["data"][0]["votes"], json!({"up": 40, "down": 10}));
}
