//! Issue 49 §6: members write to each other; the others in a conversation read it and
//! see what they have not read; nobody else does.

use serde_json::json;

use crate::support::Scene;

#[tokio::test]
async fn a_message_reaches_its_reader_who_sees_it_unread_until_they_read_it() {
    let s = Scene::new().await;
    let first = s
        .wrote_to(&s.ada, &[s.bo_id], "Shall we meet on Friday?")
        .await;
    let id = first["conversation_id"].as_i64().unwrap();
    assert_eq!(first["body"], "Shall we meet on Friday?");
    assert_eq!(first["mine"], true);
    assert_eq!(first["can_report"], false, "not one's own");
    assert_eq!(s.unread(&s.bo).await, 1);
    assert_eq!(s.unread(&s.ada).await, 0, "one's own message is read");

    let (status, list) = s.app.get_json_as(&s.bo, "/api/me/conversations").await;
    assert_eq!(status, 200, "{list}");
    let listed = &list["data"][0];
    assert_eq!(listed["id"], id);
    assert_eq!(listed["unread"], 1);
    assert_eq!(listed["others"][0]["name"], "Ada Lovelace");
    assert_eq!(
        listed["last_message"]["excerpt"],
        "Shall we meet on Friday?"
    );
    assert_eq!(list["pagination"]["count"], 1);

    // Bo is told once; a second message while the first is unread tells nobody again.
    let (_, notes) = s.app.get_json_as(&s.bo, "/api/me/notifications").await;
    assert_eq!(notes["data"][0]["title"], "Ada Lovelace sent you a message");
    assert_eq!(notes["data"][0]["kind"], "direct_message");
    assert!(
        !notes.to_string().contains("Friday"),
        "a notice never carries the words: {notes}"
    );
    let (status, _) = s.send(&s.ada, id, "Or Monday.").await;
    assert_eq!(status, 201);
    assert_eq!(s.unread(&s.bo).await, 2);
    let (_, notes) = s
        .app
        .get_json_as(&s.bo, "/api/me/notifications?kind=direct_message")
        .await;
    assert_eq!(notes["pagination"]["count"], 1, "{notes}");
    let (subject, text) = s.mail_about("bo@example.org", "sent you a message").await;
    assert_eq!(subject, "Ada Lovelace sent you a message");
    assert!(!text.contains("Friday"), "{text}");

    assert_eq!(
        s.bodies(&s.bo, id).await,
        vec![json!("Shall we meet on Friday?"), json!("Or Monday.")]
    );
    let (status, read) = s
        .app
        .post_json_as(
            &s.bo,
            &format!("/api/me/conversations/{id}/read"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{read}");
    assert_eq!(read["data"]["unread_messages"], 0);
    assert_eq!(s.unread(&s.bo).await, 0);

    // Bo answers; writing to Ada again goes on in the same conversation.
    let (status, _) = s.send(&s.bo, id, "Friday suits me.").await;
    assert_eq!(status, 201);
    assert_eq!(s.unread(&s.ada).await, 1);
    let again = s.wrote_to(&s.bo, &[s.ada_id], "See you then.").await;
    assert_eq!(again["conversation_id"], id);
    let (_, notes) = s.app.get_json_as(&s.ada, "/api/me/notifications").await;
    assert_eq!(notes["data"][0]["title"], "Bo Member sent you a message");
    assert_eq!(notes["data"][0]["in_app_route"], format!("/messages/{id}"));
}

#[tokio::test]
async fn nobody_outside_a_conversation_reads_or_writes_in_it_not_even_staff() {
    let s = Scene::new().await;
    let id = s.wrote_to(&s.ada, &[s.bo_id], "Just between us.").await["conversation_id"]
        .as_i64()
        .unwrap();
    for token in [&s.cy, &s.staff] {
        for path in [
            format!("/api/me/conversations/{id}"),
            format!("/api/me/conversations/{id}/messages"),
        ] {
            let (status, body) = s.app.get_json_as(token, &path).await;
            assert_eq!(status, 404, "{path}: {body}");
        }
        let (status, _) = s.send(token, id, "Let me in").await;
        assert_eq!(status, 404);
        let (status, _) = s
            .app
            .post_json_as(
                token,
                &format!("/api/me/conversations/{id}/read"),
                &json!({}),
            )
            .await;
        assert_eq!(status, 404);
        let (_, list) = s.app.get_json_as(token, "/api/me/conversations").await;
        assert_eq!(list["data"], json!([]));
    }
    assert_eq!(s.app.status_of("/api/me/conversations").await, 401);
}

#[tokio::test]
async fn a_small_group_talks_together_and_the_form_names_each_mistake() {
    let s = Scene::new().await;
    let first = s
        .wrote_to(&s.ada, &[s.bo_id, s.cy_id], "Welcome, both of you.")
        .await;
    let id = first["conversation_id"].as_i64().unwrap();
    let (status, conversation) = s
        .app
        .get_json_as(&s.cy, &format!("/api/me/conversations/{id}"))
        .await;
    assert_eq!(status, 200, "{conversation}");
    let names: Vec<&str> = conversation["data"]["others"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ada Lovelace", "Bo Member"]);
    assert_eq!(conversation["data"]["cannot_send"], json!(null));
    let (status, _) = s.send(&s.cy, id, "Thanks!").await;
    assert_eq!(status, 201);
    assert_eq!(s.unread(&s.ada).await, 1);
    assert_eq!(s.unread(&s.bo).await, 2);
    // The same three in another order are the same conversation; two of them are another.
    let same = s.wrote_to(&s.bo, &[s.cy_id, s.ada_id], "Hello all").await;
    assert_eq!(same["conversation_id"], id);
    let pair = s.wrote_to(&s.bo, &[s.cy_id], "Hello Cy").await;
    assert_ne!(pair["conversation_id"], id);

    let field = |body: &serde_json::Value, name: &str| body["messages"][name][0].clone();
    let (status, body) = s.write_to(&s.ada, &[], "Anyone?").await;
    assert_eq!(status, 400);
    assert_eq!(
        field(&body, "member_ids"),
        "Choose at least one member to write to."
    );
    let ten: Vec<i64> = (1..=10).collect();
    let (status, body) = s.write_to(&s.ada, &ten, "Everyone!").await;
    assert_eq!(status, 400);
    assert_eq!(
        field(&body, "member_ids"),
        "A conversation has at most 10 members, you included."
    );
    let (status, body) = s.write_to(&s.ada, &[s.ada_id], "Note to self").await;
    assert_eq!(status, 400);
    assert_eq!(
        field(&body, "member_ids"),
        "Choose members other than yourself."
    );
    let (status, body) = s.write_to(&s.ada, &[999_999], "Hello?").await;
    assert_eq!(status, 400);
    assert_eq!(
        field(&body, "member_ids"),
        "One of the chosen members is not on Cohort."
    );
    let (status, body) = s.write_to(&s.ada, &[s.bo_id], "   ").await;
    assert_eq!(status, 400);
    assert_eq!(field(&body, "body"), "Required");
    let (status, body) = s.write_to(&s.ada, &[s.bo_id], &"a".repeat(5001)).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["messages"]["body"][0].is_string(), "{body}");
}

#[tokio::test]
async fn first_messages_sent_at_once_make_one_conversation() {
    let s = Scene::new().await;
    let to = [s.bo_id];
    let fired = ["a", "b", "c", "d"].map(|body| s.write_to(&s.ada, &to, body));
    let answers = futures_util::future::join_all(fired).await;
    let ids: Vec<i64> = answers
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, 201, "{body}");
            body["data"]["conversation_id"].as_i64().unwrap()
        })
        .collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    let (_, list) = s.app.get_json_as(&s.bo, "/api/me/conversations").await;
    assert_eq!(list["pagination"]["count"], 1);
    assert_eq!(list["data"][0]["unread"], 4);
    assert_eq!(s.bodies(&s.bo, ids[0]).await.len(), 4);
}

#[tokio::test]
async fn older_messages_come_in_runs_and_patient_data_needs_a_declaration() {
    let s = Scene::new().await;
    let id = s.wrote_to(&s.ada, &[s.bo_id], "0").await["conversation_id"]
        .as_i64()
        .unwrap();
    for n in 1..35 {
        let (status, _) = s.send(&s.ada, id, &n.to_string()).await;
        assert_eq!(status, 201);
    }
    let path = format!("/api/me/conversations/{id}/messages");
    let (_, newest) = s.app.get_json_as(&s.bo, &path).await;
    assert_eq!(newest["data"].as_array().unwrap().len(), 30);
    assert_eq!(newest["has_more"], true);
    assert_eq!(newest["data"][0]["body"], "5");
    assert_eq!(newest["data"][29]["body"], "34");
    let before = newest["data"][0]["id"].as_i64().unwrap();
    let (_, older) = s
        .app
        .get_json_as(&s.bo, &format!("{path}?before={before}"))
        .await;
    assert_eq!(older["has_more"], false);
    let bodies: Vec<&str> = older["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["body"].as_str().unwrap())
        .collect();
    assert_eq!(bodies, ["0", "1", "2", "3", "4"]);

    let flagged = "Mrs Jane Doe was diagnosed with multiple sclerosis; call her on 07700 900123.";
    let (status, body) = s.send(&s.ada, id, flagged).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["messages"]["body"][0]
            .as_str()
            .unwrap()
            .starts_with("This text may identify a patient"),
        "{body}"
    );
    let (status, _) = s
        .app
        .post_json_as(
            &s.ada,
            &format!("/api/me/conversations/{id}/messages"),
            &json!({"body": flagged, "phi_declared": true}),
        )
        .await;
    assert_eq!(status, 201);
    // Markup is text here, shown as typed.
    let (status, sent) = s.send(&s.ada, id, "<b>bold</b> & <script>x</script>").await;
    assert_eq!(status, 201);
    assert_eq!(sent["data"]["body"], "<b>bold</b> & <script>x</script>");
}

#[tokio::test]
async fn the_live_channel_tells_a_conversations_members_where_a_message_arrived() {
    use std::time::Duration;
    use testkit::live::{connect, drain};

    let s = Scene::new().await;
    let mut bo = connect(&s.app, &s.bo).await;
    let mut cy = connect(&s.app, &s.cy).await;
    let sent = s.wrote_to(&s.ada, &[s.bo_id], "Private words").await;
    let heard = drain(&mut bo, Duration::from_millis(700)).await;
    let arrived: Vec<&serde_json::Value> = heard
        .iter()
        .filter_map(|f| f.get("direct_message"))
        .collect();
    assert_eq!(
        arrived,
        vec![&json!({
            "conversation_id": sent["conversation_id"],
            "message_id": sent["id"],
            "author_id": s.ada_id,
        })],
        "{heard:?}"
    );
    assert!(
        !serde_json::to_string(&heard)
            .unwrap()
            .contains("Private words")
    );
    let overheard = drain(&mut cy, Duration::from_millis(300)).await;
    assert!(overheard.is_empty(), "{overheard:?}");
}

#[tokio::test]
async fn members_writing_at_once_all_get_through_and_their_counts_add_up() {
    let s = Scene::new().await;
    let id = s.wrote_to(&s.ada, &[s.bo_id], "Ready?").await["conversation_id"]
        .as_i64()
        .unwrap();
    let fired = (0..12).map(|n| {
        let token = if n % 2 == 0 { &s.ada } else { &s.bo };
        s.send(token, id, "Go")
    });
    for (status, body) in futures_util::future::join_all(fired).await {
        assert_eq!(status, 201, "{body}");
    }
    assert_eq!(s.bodies(&s.ada, id).await.len(), 13);
    // Writing reads what came before: whoever wrote last has nothing unread, and the other
    // at most the six the last writer sent.
    let (ada, bo) = (s.unread(&s.ada).await, s.unread(&s.bo).await);
    assert!(ada.min(bo) == 0 && ada.max(bo) <= 6, "{ada} {bo}");
}
