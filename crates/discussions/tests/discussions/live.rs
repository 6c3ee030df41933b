//! Issue 49 §3, live threads: a page watching a discussion's room hears of each new topic
//! or reply, edit and vote there, and nobody hears of what they may not read.

use std::time::Duration;

use serde_json::{Value, json};
use testkit::live::{connect, drain, watch};

use crate::support::Scene;

const QUIET: Duration = Duration::from_millis(700);

/// The changes among what the socket carried (notifications travel beside them), as
/// (change, topic, post).
fn changes(heard: &[Value]) -> Vec<(String, i64, i64)> {
    heard
        .iter()
        .filter_map(|m| m.get("thread"))
        .map(|t| {
            assert!(t.get("text").is_none(), "no content travels: {t}");
            (
                t["change"].as_str().unwrap_or_default().to_owned(),
                t["topic_id"].as_i64().unwrap_or_default(),
                t["post_id"].as_i64().unwrap_or_default(),
            )
        })
        .collect()
}

#[tokio::test]
async fn watchers_hear_of_each_change_and_of_private_ones_only_as_members() {
    let s = Scene::new().await;
    let (status, page) = s.app.get_json_as(&s.member, &s.topics()).await;
    assert_eq!(status, 200, "{page}");
    let room = page["live_room"].as_str().unwrap().to_owned();
    assert_eq!(room, format!("discussion:group:{}", s.group_id));

    let mut member = connect(&s.app, &s.member).await;
    let mut outsider = connect(&s.app, &s.outsider).await;
    assert_eq!(watch(&mut member, &room).await, json!({ "watching": room }));
    assert_eq!(
        watch(&mut outsider, &room).await,
        json!({ "watching": room }),
        "a public group's discussion is open to any member of the site"
    );
    for (bogus, why) in [
        ("discussion:group:999999", "no such group"),
        ("discussion:topic:1", "not a discussion"),
        ("chat:everyone", "not a room anyone names"),
    ] {
        assert_eq!(
            watch(&mut outsider, bogus).await,
            json!({ "refused": bogus }),
            "{why}"
        );
    }

    let open = s.topic(&s.owner, "<p>Open to all</p>").await;
    let open_id = open["id"].as_i64().unwrap();
    let private_id = s.private_topic(&s.owner, "<p>Members only</p>").await;
    let secret_reply = s.reply(&s.owner, private_id, "<p>Shh</p>", None).await;
    let open_reply = s.reply(&s.member, open_id, "<p>Agreed</p>", None).await;
    let (status, _) = s
        .app
        .put_json_as(
            &s.member,
            &format!("/api/discussion/vote/{open_id}"),
            &json!({"reaction": "up"}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .app
        .put_json_as(
            &s.owner,
            &format!("{}/{open_id}", s.topics()),
            &json!({"text": "<p>Open to all, edited</p>"}),
        )
        .await;
    assert_eq!(status, 200);

    let secret_reply_id = secret_reply["id"].as_i64().unwrap();
    let open_reply_id = open_reply["id"].as_i64().unwrap();
    let everything = vec![
        ("topic".to_owned(), open_id, open_id),
        ("topic".to_owned(), private_id, private_id),
        ("reply".to_owned(), private_id, secret_reply_id),
        ("reply".to_owned(), open_id, open_reply_id),
        ("vote".to_owned(), open_id, open_id),
        ("edit".to_owned(), open_id, open_id),
    ];
    let heard: Vec<Value> = drain(&mut member, QUIET)
        .await
        .into_iter()
        .filter(|m| m.get("thread").is_some())
        .collect();
    assert_eq!(changes(&heard), everything);
    let owner_id = s.app.me(&s.owner).await["id"].as_i64();
    assert_eq!(heard[0]["thread"]["author_id"].as_i64(), owner_id);
    assert!(
        heard[4]["thread"]["author_id"].is_null(),
        "a vote names no voter"
    );
    assert_eq!(heard[0]["thread"]["room"], room);
    let public_only: Vec<_> = everything
        .iter()
        .filter(|(_, topic, _)| *topic == open_id)
        .cloned()
        .collect();
    assert_eq!(changes(&drain(&mut outsider, QUIET).await), public_only);
}

#[tokio::test]
async fn a_member_who_leaves_stops_hearing_of_private_topics_at_once() {
    let s = Scene::new().await;
    let private_id = s.private_topic(&s.owner, "<p>Members only</p>").await;
    let room = format!("discussion:group:{}", s.group_id);
    let mut member = connect(&s.app, &s.member).await;
    assert_eq!(watch(&mut member, &room).await, json!({ "watching": room }));
    let before = s.reply(&s.owner, private_id, "<p>Before</p>", None).await;
    let before_id = before["id"].as_i64().unwrap();
    assert_eq!(
        changes(&drain(&mut member, QUIET).await),
        vec![("reply".to_owned(), private_id, before_id)]
    );

    let (status, body) = s
        .app
        .post_json_as(
            &s.member,
            &format!("/api/groups/{}/members/leave", s.slug),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    s.reply(&s.owner, private_id, "<p>After</p>", None).await;
    let open = s.topic(&s.owner, "<p>Still public</p>").await;
    let heard = drain(&mut member, QUIET).await;
    assert_eq!(
        changes(&heard),
        vec![(
            "topic".to_owned(),
            open["id"].as_i64().unwrap(),
            open["id"].as_i64().unwrap()
        )],
        "the private reply after leaving is not told; the public topic still is"
    );
}

/// Two instances sharing PostgreSQL and Redis: a reply posted on one reaches a page watching
/// on the other. Runs when both are configured (as in CI).
#[tokio::test]
async fn a_reply_on_one_instance_reaches_a_watcher_on_another() {
    let Some((first, second)) = testkit::spawn_two_instances().await else {
        return;
    };
    let staff = first
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = first
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let (group_id, _) =
        testkit::groups::approved_group(&first, &owner, &staff, "Across", &["stroke"]).await;
    let topics = format!("/api/groups/{group_id}/discussions");
    let (status, topic) = first
        .post_json_as(&owner, &topics, &json!({"text": "<p>Across</p>"}))
        .await;
    assert_eq!(status, 201, "{topic}");
    let topic_id = topic["data"]["id"].as_i64().unwrap();
    let room = format!("discussion:group:{group_id}");
    let mut socket = connect(&first, &owner).await;
    assert_eq!(watch(&mut socket, &room).await, json!({ "watching": room }));

    let (status, edited) = second
        .put_json_as(
            &owner,
            &format!("{topics}/{topic_id}"),
            &json!({"text": "<p>Across, edited</p>"}),
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(
        changes(&drain(&mut socket, QUIET).await),
        vec![("edit".to_owned(), topic_id, topic_id)]
    );
}
