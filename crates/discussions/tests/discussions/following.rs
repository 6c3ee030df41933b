//! Issue 23 §1: following and muting topics and whole discussions.

use serde_json::{Value, json};

use crate::support::{Scene, titles};

async fn set(scene: &Scene, token: &str, subject: &str, level: &str) -> (u16, Value) {
    scene
        .app
        .put_json_as(
            token,
            &format!("/api/subscriptions/{subject}"),
            &json!({"level": level}),
        )
        .await
}

#[tokio::test]
async fn followers_hear_of_every_reply_the_muted_of_none_and_nobody_twice() {
    let s = Scene::new().await;
    let topic = s.topic(&s.member, "<p>Who tried mirror therapy?</p>").await;
    let topic_id = topic["id"].as_i64().unwrap();
    assert_eq!(
        topic["subscription"], "following",
        "authors follow their topics"
    );

    // An outsider follows the group's whole discussion.
    let (status, body) = set(
        &s,
        &s.outsider,
        &format!("group/{}", s.group_id),
        "following",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!({"subject_type": "group", "subject_id": s.group_id, "level": "following"})
    );
    let before = titles(&s, &s.outsider).await.len();

    // The owner replies: the author hears "replied to you" once, the follower "New reply".
    s.reply(&s.owner, topic_id, "<p>We did, twice a week.</p>", None)
        .await;
    let member_heard = titles(&s, &s.member).await;
    assert_eq!(member_heard[0], "Test Member replied to you");
    assert_eq!(
        member_heard.iter().filter(|t| t.contains("repl")).count(),
        1,
        "the author follows the topic and is answered: one notification"
    );
    let outsider_heard = titles(&s, &s.outsider).await;
    assert_eq!(outsider_heard.len(), before + 1);
    assert_eq!(outsider_heard[0], "New reply in Stroke talk");

    // A reply to a reply reaches the follower of the topic too.
    let (status, _) = set(&s, &s.outsider, &format!("group/{}", s.group_id), "normal").await;
    assert_eq!(status, 200);
    let (status, _) = set(&s, &s.outsider, &format!("topic/{topic_id}"), "following").await;
    assert_eq!(status, 200);
    s.reply(&s.owner, topic_id, "<p>And with video.</p>", None)
        .await;
    assert_eq!(titles(&s, &s.outsider).await.len(), before + 2);

    // The author mutes the topic: a reply to them no longer reaches them.
    let (status, _) = set(&s, &s.member, &format!("topic/{topic_id}"), "muted").await;
    assert_eq!(status, 200);
    let heard = titles(&s, &s.member).await.len();
    s.reply(&s.owner, topic_id, "<p>Any news?</p>", None).await;
    assert_eq!(titles(&s, &s.member).await.len(), heard, "muted");
    assert_eq!(titles(&s, &s.outsider).await.len(), before + 3);
}

#[tokio::test]
async fn muting_a_group_silences_new_topics_and_following_it_brings_them() {
    let s = Scene::new().await;
    let (status, _) = set(&s, &s.owner, &format!("group/{}", s.group_id), "muted").await;
    assert_eq!(status, 200);
    let (status, _) = set(
        &s,
        &s.outsider,
        &format!("group/{}", s.group_id),
        "following",
    )
    .await;
    assert_eq!(status, 200);
    let (owner_before, outsider_before) = (
        titles(&s, &s.owner).await.len(),
        titles(&s, &s.outsider).await.len(),
    );
    s.topic(&s.member, "<p>Monthly call?</p>").await;
    assert_eq!(titles(&s, &s.owner).await.len(), owner_before, "muted");
    let outsider = titles(&s, &s.outsider).await;
    assert_eq!(outsider.len(), outsider_before + 1);
    assert_eq!(outsider[0], "New discussion in Stroke talk");

    // A private topic and its replies never reach a follower who is not a member.
    let private_id = s.private_topic(&s.member, "<p>Members only</p>").await;
    s.reply(&s.owner, private_id, "<p>Inside only</p>", None)
        .await;
    assert_eq!(titles(&s, &s.outsider).await.len(), outsider_before + 1);

    // Nor may they follow it: it does not exist for them.
    let (status, _) = set(&s, &s.outsider, &format!("topic/{private_id}"), "following").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_following_list_names_each_subject_and_its_place() {
    let s = Scene::new().await;
    let topic = s.topic(&s.member, "<p>Who tried mirror therapy?</p>").await;
    let topic_id = topic["id"].as_i64().unwrap();
    set(&s, &s.member, &format!("group/{}", s.group_id), "muted").await;

    let (status, body) = s.app.get_json_as(&s.member, "/api/subscriptions").await;
    assert_eq!(status, 200, "{body}");
    let items = body["data"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{body}");
    let group = items.iter().find(|i| i["subject_type"] == "group").unwrap();
    assert_eq!(group["level"], "muted");
    assert_eq!(group["place_title"], "Stroke talk");
    assert_eq!(group["route"], format!("/working-groups/{}", s.slug));
    assert_eq!(group["excerpt"], Value::Null);
    let followed = items.iter().find(|i| i["subject_type"] == "topic").unwrap();
    assert_eq!(followed["subject_id"], topic_id);
    assert_eq!(followed["level"], "following");
    assert_eq!(followed["excerpt"], "Who tried mirror therapy?");
    assert_eq!(followed["place_title"], "Stroke talk");
    assert_eq!(
        followed["route"],
        format!("/working-groups/{}#discussion", s.slug)
    );

    // The discussion tells the viewer what they set, on the place and on each topic.
    let (_, page) = s.app.get_json_as(&s.member, &s.topics()).await;
    assert_eq!(
        page["subscription"],
        json!({"subject_type": "group", "subject_id": s.group_id, "level": "muted"})
    );
    assert_eq!(page["data"][0]["subscription"], "following");
    let (_, anonymous) = s.app.get_json(&s.topics()).await;
    assert_eq!(anonymous["subscription"]["level"], "normal");
    assert_eq!(anonymous["data"][0]["subscription"], "normal");

    // Back to normal removes it from the list.
    set(&s, &s.member, &format!("topic/{topic_id}"), "normal").await;
    let (_, body) = s.app.get_json_as(&s.member, "/api/subscriptions").await;
    assert_eq!(body["data"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn bad_subscriptions_are_refused_clearly() {
    let s = Scene::new().await;
    let topic = s.topic(&s.member, "<p>Hello</p>").await;
    let path = format!("/api/subscriptions/topic/{}", topic["id"]);
    let (status, _) = s
        .app
        .client
        .put(s.app.url(&path))
        .json(&json!({"level": "following"}))
        .send()
        .await
        .map(|r| (r.status().as_u16(), ()))
        .unwrap();
    assert_eq!(status, 401);
    let (status, body) = s
        .app
        .put_json_as(&s.member, &path, &json!({"level": "loud"}))
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = set(&s, &s.member, "topic/999999", "following").await;
    assert_eq!(status, 404);
    let (status, _) = set(&s, &s.member, "planet/1", "following").await;
    assert_eq!(status, 404);
}
