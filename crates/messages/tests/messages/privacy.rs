//! Issue 49 §6: who may write to whom — each member's setting, and blocks.

use serde_json::json;

use crate::support::Scene;

async fn set_who(s: &Scene, token: &str, who: &str) {
    let (status, body) = s
        .app
        .put_json_as(
            token,
            "/api/me/message-settings",
            &json!({"who_may_message": who}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["who_may_message"], who);
}

#[tokio::test]
async fn a_member_chooses_who_may_start_a_conversation_with_them() {
    let s = Scene::new().await;
    let (_, setting) = s.app.get_json_as(&s.bo, "/api/me/message-settings").await;
    assert_eq!(setting["data"]["who_may_message"], "everyone");
    let id = s.wrote_to(&s.cy, &[s.bo_id], "Hi Bo").await["conversation_id"]
        .as_i64()
        .unwrap();

    set_who(&s, &s.bo, "my_groups").await;
    let (_, setting) = s.app.get_json_as(&s.bo, "/api/me/message-settings").await;
    assert_eq!(setting["data"]["who_may_message"], "my_groups");
    let (status, body) = s.write_to(&s.cy, &[s.bo_id, s.ada_id], "Hi both").await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        "Bo Member takes direct messages only from members of their working groups."
    );
    // Ada shares Bo's group.
    s.wrote_to(&s.ada, &[s.bo_id], "Hi from the group").await;

    set_who(&s, &s.bo, "nobody").await;
    let (status, body) = s.write_to(&s.ada, &[s.bo_id, s.cy_id], "New thread").await;
    assert_eq!(status, 403);
    assert_eq!(body["message"], "Bo Member does not take direct messages.");
    // A conversation already started goes on.
    let (status, _) = s.send(&s.cy, id, "Still here").await;
    assert_eq!(status, 201);

    let (status, body) = s
        .app
        .put_json_as(
            &s.bo,
            "/api/me/message-settings",
            &json!({"who_may_message": "friends"}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(s.app.status_of("/api/me/message-settings").await, 401);
}

#[tokio::test]
async fn a_block_stops_messages_both_ways_until_it_is_lifted() {
    let s = Scene::new().await;
    let id = s.wrote_to(&s.ada, &[s.bo_id], "Hello").await["conversation_id"]
        .as_i64()
        .unwrap();
    let group = s.wrote_to(&s.ada, &[s.bo_id, s.cy_id], "Hello all").await["conversation_id"]
        .as_i64()
        .unwrap();
    let block = format!("/api/me/blocked-members/{}", s.ada_id);
    // Twice at once is one block.
    let empty = json!({});
    let fired = (0..2).map(|_| s.app.put_json_as(&s.bo, &block, &empty));
    for (status, body) in futures_util::future::join_all(fired).await {
        assert_eq!(status, 200, "{body}");
    }
    let (_, blocked) = s.app.get_json_as(&s.bo, "/api/me/blocked-members").await;
    assert_eq!(blocked["data"].as_array().unwrap().len(), 1);
    assert_eq!(blocked["data"][0]["member"]["name"], "Ada Lovelace");

    // Ada can write to Bo nowhere.
    let (status, body) = s.send(&s.ada, id, "Are you there?").await;
    assert_eq!(status, 403);
    assert_eq!(
        body["message"],
        "Bo Member does not take messages from you."
    );
    let (status, _) = s.send(&s.ada, group, "Anyone?").await;
    assert_eq!(status, 403);
    let (status, _) = s.write_to(&s.ada, &[s.bo_id, s.cy_id], "New one").await;
    assert_eq!(status, 403);
    let (_, seen) = s
        .app
        .get_json_as(&s.ada, &format!("/api/me/conversations/{id}"))
        .await;
    assert_eq!(
        seen["data"]["cannot_send"],
        "Bo Member does not take messages from you."
    );
    // Bo cannot write to Ada alone, but still talks in the group.
    let (status, body) = s.send(&s.bo, id, "Bye").await;
    assert_eq!(status, 403);
    assert_eq!(
        body["message"],
        "You blocked Ada Lovelace. Unblock them to write to them."
    );
    let (status, _) = s.send(&s.bo, group, "Hi Cy").await;
    assert_eq!(status, 201);

    let (status, _) = s.app.delete_as(&s.bo, &block).await;
    assert_eq!(status, 200);
    let (status, _) = s.send(&s.ada, id, "Welcome back").await;
    assert_eq!(status, 201);

    let (status, body) = s
        .app
        .put_json_as(
            &s.bo,
            &format!("/api/me/blocked-members/{}", s.bo_id),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "You cannot block yourself.");
    let (status, _) = s
        .app
        .put_json_as(&s.bo, "/api/me/blocked-members/999999", &json!({}))
        .await;
    assert_eq!(status, 404);
}
