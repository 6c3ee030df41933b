//! Issue 49 §6: a member reports a message into the moderation queue; staff see that
//! message (and nothing else of its conversation) and act on it.

use serde_json::json;

use crate::support::Scene;

#[tokio::test]
async fn a_reported_message_reaches_staff_who_hide_it_from_its_reader() {
    let s = Scene::new().await;
    let sent = s
        .wrote_to(&s.cy, &[s.bo_id], "Buy cheap pills at spam.example")
        .await;
    let (id, conversation) = (
        sent["id"].as_i64().unwrap(),
        sent["conversation_id"].as_i64().unwrap(),
    );
    let report = json!({"subject_type": "message", "subject_id": id, "reason": "spam"});
    // Only those in the conversation may report it; not its author.
    let (status, _) = s.app.post_json_as(&s.ada, "/api/reports", &report).await;
    assert_eq!(status, 404);
    let (_, page) = s
        .app
        .get_json_as(
            &s.bo,
            &format!("/api/me/conversations/{conversation}/messages"),
        )
        .await;
    assert_eq!(page["data"][0]["can_report"], true);
    let (status, body) = s.app.post_json_as(&s.bo, "/api/reports", &report).await;
    assert_eq!(status, 201, "{body}");

    let (status, queue) = s.app.get_json_as(&s.staff, "/api/moderation/reports").await;
    assert_eq!(status, 200, "{queue}");
    let item = queue["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["subject_type"] == "message")
        .cloned()
        .unwrap();
    assert_eq!(item["title"], "Buy cheap pills at spam.example");
    assert_eq!(item["route"], json!(null), "staff open no conversation");
    assert_eq!(item["author"]["name"], "Cy Outsider");
    // A group's owner reviews no message.
    let (_, owners_queue) = s.app.get_json_as(&s.ada, "/api/moderation/reports").await;
    assert!(!owners_queue.to_string().contains("spam.example"));

    let (status, body) = s
        .app
        .post_json_as(
            &s.staff,
            &format!("/api/moderation/reports/message/{id}"),
            &json!({"action": "hide", "reason": "Advertising"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let path = format!("/api/me/conversations/{conversation}/messages");
    let (_, read) = s.app.get_json_as(&s.bo, &path).await;
    assert_eq!(read["data"][0]["hidden"], true);
    assert_eq!(read["data"][0]["body"], json!(null));
    assert_eq!(read["data"][0]["hidden_reason"], json!(null));
    let (_, own) = s.app.get_json_as(&s.cy, &path).await;
    assert_eq!(own["data"][0]["body"], "Buy cheap pills at spam.example");
    assert_eq!(own["data"][0]["hidden_reason"], "Advertising");
    let (_, list) = s.app.get_json_as(&s.bo, "/api/me/conversations").await;
    assert_eq!(list["data"][0]["last_message"], json!(null));

    // Reported again, it is deleted: its words are gone for its author too.
    let (status, _) = s.app.post_json_as(&s.bo, "/api/reports", &report).await;
    assert_eq!(status, 201);
    let (status, body) = s
        .app
        .post_json_as(
            &s.staff,
            &format!("/api/moderation/reports/message/{id}"),
            &json!({"action": "delete"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, own) = s.app.get_json_as(&s.cy, &path).await;
    assert_eq!(own["data"][0]["deleted"], true);
    assert_eq!(own["data"][0]["body"], json!(null));
}
