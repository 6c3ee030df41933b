//! Issue 49 §4: reactions on topics and replies, beside the votes.

use serde_json::{Value, json};

use crate::support::Scene;

fn path(post: i64, emoji: &str) -> String {
    format!("/api/discussion/reactions/{post}/{emoji}")
}

#[tokio::test]
async fn members_react_once_each_and_every_reader_sees_the_counts() {
    let s = Scene::new().await;
    let topic = s.topic(&s.owner, "<p>Registry launch</p>").await;
    let id = topic["id"].as_i64().unwrap();
    assert_eq!(topic["reactions"], json!([]));

    let (status, body) = s
        .app
        .put_json_as(&s.member, &path(id, "celebrate"), &json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!([{"emoji": "celebrate", "count": 1, "mine": true}])
    );
    // Their own post too, and two kinds at once.
    for emoji in ["heart", "celebrate"] {
        let (status, _) = s
            .app
            .put_json_as(&s.owner, &path(id, emoji), &json!({}))
            .await;
        assert_eq!(status, 200);
    }
    // The same reaction fired four times at once is stored once, without an error.
    let (heart, empty) = (path(id, "heart"), json!({}));
    let fired = (0..4).map(|_| s.app.put_json_as(&s.member, &heart, &empty));
    let answers = futures_util::future::join_all(fired).await;
    assert!(
        answers.iter().all(|(status, _)| *status == 200),
        "{answers:?}"
    );

    let shown = |page: &Value| page["data"][0]["reactions"].clone();
    let (_, page) = s.app.get_json_as(&s.member, &s.topics()).await;
    assert_eq!(
        shown(&page),
        json!([
            {"emoji": "heart", "count": 2, "mine": true},
            {"emoji": "celebrate", "count": 2, "mine": true}
        ]),
        "in the fixed order, whatever order they were given in"
    );
    let (_, page) = s.app.get_json(&s.topics()).await;
    assert_eq!(
        shown(&page)[0],
        json!({"emoji": "heart", "count": 2, "mine": false})
    );
    assert_eq!(page["data"][0]["can_react"], false, "a visitor may not");
    let (_, page) = s.app.get_json_as(&s.outsider, &s.topics()).await;
    assert_eq!(
        page["data"][0]["can_react"], false,
        "nor a reader who is not a member"
    );
    let (_, page) = s.app.get_json_as(&s.owner, &s.topics()).await;
    assert_eq!(page["data"][0]["can_react"], true);

    let (status, body) = s.app.delete_as(&s.member, &path(id, "heart")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!([
            {"emoji": "heart", "count": 1, "mine": false},
            {"emoji": "celebrate", "count": 2, "mine": true}
        ])
    );
    let (status, _) = s.app.delete_as(&s.member, &path(id, "heart")).await;
    assert_eq!(status, 200, "taking back twice changes nothing");

    // On a reply as on a topic.
    let reply = s.reply(&s.member, id, "<p>Well done</p>", None).await;
    let reply_id = reply["id"].as_i64().unwrap();
    let (status, body) = s
        .app
        .put_json_as(&s.owner, &path(reply_id, "thanks"), &json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"][0]["emoji"], "thanks");
}

#[tokio::test]
async fn only_those_who_take_part_react_and_only_to_live_posts() {
    let s = Scene::new().await;
    let topic = s.topic(&s.owner, "<p>Open</p>").await;
    let id = topic["id"].as_i64().unwrap();
    let (status, body) = s
        .app
        .put_json_as(&s.outsider, &path(id, "heart"), &json!({}))
        .await;
    assert_eq!(status, 403, "a reader who is not a member: {body}");
    assert_eq!(
        body["message"],
        "You can react only to live posts in discussions you take part in."
    );
    let visitor = s
        .app
        .client
        .put(s.app.url(&path(id, "heart")))
        .send()
        .await
        .unwrap();
    assert_eq!(visitor.status(), 401);
    let (status, _) = s
        .app
        .put_json_as(&s.member, &path(id, "thumbs"), &json!({}))
        .await;
    assert!(status == 400 || status == 404, "no such reaction: {status}");
    let (status, _) = s
        .app
        .put_json_as(&s.member, &path(999_999, "heart"), &json!({}))
        .await;
    assert_eq!(status, 404);
    let private = s.private_topic(&s.owner, "<p>Members only</p>").await;
    let (status, _) = s
        .app
        .put_json_as(&s.outsider, &path(private, "heart"), &json!({}))
        .await;
    assert_eq!(
        status, 404,
        "a private topic does not exist for the outsider"
    );

    s.app
        .put_json_as(&s.member, &path(id, "heart"), &json!({}))
        .await;
    let (status, _) = s
        .app
        .delete_as(&s.owner, &format!("{}/{id}", s.topics()))
        .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .app
        .put_json_as(&s.member, &path(id, "thanks"), &json!({}))
        .await;
    assert_eq!(status, 403, "a deleted post takes no reactions");
    let (_, page) = s.app.get_json_as(&s.member, &s.topics()).await;
    let deleted = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .expect("the deleted topic keeps its place");
    assert_eq!(deleted["reactions"], json!([]), "nor shows those it had");
    assert_eq!(deleted["can_react"], false);
}
