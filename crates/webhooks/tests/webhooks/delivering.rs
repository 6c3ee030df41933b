//! Issue 47 §2: what happens reaches the receiver signed, is logged with the answer, is
//! retried with backoff when it fails, and a webhook failing again and again is turned off
//! and its creator told; redelivery by hand; two workers never send a delivery twice.

use std::time::Duration as StdDuration;

use chrono::Duration;
use serde_json::{Value, json};
use webhooks::service::worker::{self, MAX_ATTEMPTS};

use crate::support::{World, verified};

/// The webhook's log once every delivery in it is settled (not pending), or after 10 s.
async fn settled_log(w: &World, webhook: i64, count: usize) -> Vec<Value> {
    for _ in 0..100 {
        let log = w.deliveries(&w.owner, webhook).await;
        if log.len() >= count && log.iter().all(|d| d["status"] != "pending") {
            return log;
        }
        tokio::time::sleep(StdDuration::from_millis(100)).await;
    }
    w.deliveries(&w.owner, webhook).await
}

async fn member(w: &World, email: &str) -> (String, i64) {
    let token = w.app.signed_in_user(email, "analytical 1843").await;
    let id = w.app.me(&token).await["id"].as_i64().unwrap();
    (token, id)
}

#[tokio::test]
async fn a_new_member_and_a_new_topic_reach_the_group_owners_webhook_signed_and_logged() {
    let w = World::new(true).await;
    let (hook, secret) = w.group_webhook(&["member.joined", "topic.created"]).await;
    let (bo, bo_id) = member(&w, "bo@example.org").await;

    testkit::groups::join(&w.app, &w.owner, &w.slug, &bo).await;
    let got = w.receiver.wait_for(1).await;
    let joined = verified(&got[0], &secret);
    assert_eq!(joined["type"], "member.joined");
    assert!(joined["id"].as_str().unwrap().starts_with("evt_"));
    assert_eq!(joined["data"]["group"]["id"], w.group_id);
    assert_eq!(joined["data"]["member_id"], bo_id);
    assert!(
        joined["data"]["group"]["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/working-groups/{}", w.slug))
    );
    let headers = &got[0].headers;
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(headers["cohort-event"], "member.joined");
    assert_eq!(headers["cohort-event-id"], joined["id"].as_str().unwrap());
    assert!(headers["user-agent"].starts_with("Cohort-Webhooks/"));

    let (status, topic) = w
        .app
        .post_json_as(
            &bo,
            &format!("/api/groups/{}/discussions", w.group_id),
            &json!({"text": "Who keeps a stroke registry?"}),
        )
        .await;
    assert_eq!(status, 201, "{topic}");
    let got = w.receiver.wait_for(2).await;
    let created = verified(&got[1], &secret);
    assert_eq!(created["type"], "topic.created");
    assert_eq!(created["data"]["topic"]["id"], topic["data"]["id"]);
    assert!(
        !got[1].body.contains("stroke registry"),
        "a post's text is never sent"
    );

    let log = settled_log(&w, hook, 2).await;
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(log[0]["event_kind"], "topic.created", "newest first");
    assert_eq!(log[0]["status"], "delivered");
    assert_eq!(log[0]["attempts"], 1);
    assert_eq!(log[0]["response_status"], 200);
    assert_eq!(log[0]["response_body"], "answered 200");
    assert_eq!(log[0]["payload"], got[1].body.as_str());
    assert!(log[0]["delivered_at"].is_string());

    // Another member's log is not theirs to read.
    let (status, _) = w
        .app
        .get_json_as(&bo, &format!("/api/webhooks/{hook}/deliveries"))
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_failing_receiver_is_retried_with_backoff_then_turned_off_and_its_creator_told() {
    let w = World::new(false).await;
    let ctx = w.app.ctx.clone();
    w.receiver.answer_with(500);
    let (hook, _) = w.group_webhook(&["member.joined"]).await;
    let (bo, _) = member(&w, "bo@example.org").await;
    testkit::groups::join(&w.app, &w.owner, &w.slug, &bo).await;

    let now = kernel::clock::now();
    assert_eq!(worker::process_due(&ctx, now).await.unwrap(), 0);
    assert_eq!(w.receiver.received().len(), 1);
    let log = w.deliveries(&w.owner, hook).await;
    assert_eq!(log[0]["status"], "pending");
    assert_eq!(log[0]["attempts"], 1);
    assert_eq!(log[0]["response_status"], 500);
    assert_eq!(log[0]["response_body"], "answered 500");
    let first = log[0]["id"].as_i64().unwrap();
    let event_id = log[0]["event_id"].clone();

    // Not sent again before its backoff (30 s), then sent.
    worker::process_due(&ctx, now + Duration::seconds(20))
        .await
        .unwrap();
    assert_eq!(w.receiver.received().len(), 1);
    worker::process_due(&ctx, now + Duration::seconds(31))
        .await
        .unwrap();
    assert_eq!(w.receiver.received().len(), 2);

    // Given up after its last attempt.
    let mut at = now + Duration::seconds(31);
    for _ in 0..MAX_ATTEMPTS {
        at += Duration::hours(2);
        worker::process_due(&ctx, at).await.unwrap();
    }
    let attempts = usize::try_from(MAX_ATTEMPTS).unwrap();
    assert_eq!(w.receiver.received().len(), attempts);
    let log = w.deliveries(&w.owner, hook).await;
    assert_eq!(log[0]["status"], "failed");
    assert_eq!(log[0]["attempts"], MAX_ATTEMPTS);

    // Redelivered by hand, twice, it fails on: at 20 failures in a row the webhook is off.
    let redeliver = format!("/api/webhooks/{hook}/deliveries/{first}/redeliver");
    for _ in 0..2 {
        let (status, body) = w.app.post_json_as(&w.owner, &redeliver, &json!({})).await;
        assert_eq!(status, 202, "{body}");
        assert_eq!(body["data"]["event_id"], event_id, "the same event, again");
        for _ in 0..MAX_ATTEMPTS {
            at += Duration::hours(2);
            worker::process_due(&ctx, at).await.unwrap();
        }
    }
    let disable_after = usize::try_from(webhooks::DISABLE_AFTER).unwrap();
    assert_eq!(w.receiver.received().len(), disable_after);
    let (_, list) = w
        .app
        .get_json_as(&w.owner, &format!("/api/webhooks?group_id={}", w.group_id))
        .await;
    let listed = &list["data"]["webhooks"][0];
    assert_eq!(listed["active"], false);
    assert_eq!(listed["consecutive_failures"], webhooks::DISABLE_AFTER);
    assert!(listed["disabled_at"].is_string());
    let log = w.deliveries(&w.owner, hook).await;
    assert_eq!(log[0]["status"], "failed");
    assert_eq!(log[0]["error"], worker::disabled_text());

    // Its creator is told, with the way back to it.
    let (_, notes) = w.app.get_json_as(&w.owner, "/api/me/notifications").await;
    let note = notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["title"] == "Webhook turned off")
        .unwrap_or_else(|| panic!("a notice in {notes}"));
    assert_eq!(
        note["message"],
        format!(
            "Your webhook to {} was turned off after 20 failed attempts in a row. Fix the receiver, then turn it back on.",
            w.receiver.url
        )
    );

    // Off, it takes no events and cannot redeliver.
    let (cy, _) = member(&w, "cy@example.org").await;
    testkit::groups::join(&w.app, &w.owner, &w.slug, &cy).await;
    assert_eq!(w.deliveries(&w.owner, hook).await.len(), 3);
    let (status, body) = w.app.post_json_as(&w.owner, &redeliver, &json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["message"], "Turn the webhook on before you redeliver.");

    // Turned on again, with the receiver fixed, a redelivery arrives.
    w.receiver.answer_with(204);
    let (status, body) = w
        .app
        .patch_json_as(
            &w.owner,
            &format!("/api/webhooks/{hook}"),
            &json!({"active": true}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["consecutive_failures"], 0);
    assert_eq!(body["data"]["disabled_at"], Value::Null);
    let (status, _) = w.app.post_json_as(&w.owner, &redeliver, &json!({})).await;
    assert_eq!(status, 202);
    assert_eq!(worker::process_due(&ctx, at).await.unwrap(), 1);
    let log = w.deliveries(&w.owner, hook).await;
    assert_eq!(log[0]["status"], "delivered");
    assert_eq!(log[0]["response_status"], 204);
}

#[tokio::test]
async fn two_workers_at_once_send_each_delivery_exactly_once() {
    let w = World::new(false).await;
    let ctx = w.app.ctx.clone();
    let (hook, _) = w.group_webhook(&["member.joined"]).await;
    let (bo, _) = member(&w, "bo@example.org").await;
    testkit::groups::join(&w.app, &w.owner, &w.slug, &bo).await;
    let first = w.deliveries(&w.owner, hook).await[0]["id"]
        .as_i64()
        .unwrap();
    let redeliver = format!("/api/webhooks/{hook}/deliveries/{first}/redeliver");
    for _ in 0..5 {
        let (status, _) = w.app.post_json_as(&w.owner, &redeliver, &json!({})).await;
        assert_eq!(status, 202);
    }

    let now = kernel::clock::now();
    let (a, b) = tokio::join!(
        worker::process_due(&ctx, now),
        worker::process_due(&ctx, now)
    );
    assert_eq!(a.unwrap() + b.unwrap(), 6);
    assert_eq!(w.receiver.received().len(), 6, "each delivery sent once");
    let log = w.deliveries(&w.owner, hook).await;
    assert!(
        log.iter()
            .all(|d| d["status"] == "delivered" && d["attempts"] == 1)
    );
}

#[tokio::test]
async fn the_log_keeps_a_settled_delivery_thirty_days_and_a_waiting_one_until_it_settles() {
    let w = World::new(false).await;
    let ctx = w.app.ctx.clone();
    w.receiver.answer_with(503);
    let (hook, _) = w.group_webhook(&["member.joined"]).await;
    for email in ["bo@example.org", "cy@example.org"] {
        let (token, _) = member(&w, email).await;
        testkit::groups::join(&w.app, &w.owner, &w.slug, &token).await;
    }
    let log = w.deliveries(&w.owner, hook).await;
    let (newest, oldest) = (log[0]["id"].clone(), log[1]["id"].as_i64().unwrap());
    // The older one is given up (the webhook paused), the newer one still waits.
    let (status, _) = w
        .app
        .patch_json_as(
            &w.owner,
            &format!("/api/webhooks/{hook}"),
            &json!({"active": false}),
        )
        .await;
    assert_eq!(status, 200);
    assert!(
        w.deliveries(&w.owner, hook)
            .await
            .iter()
            .all(|d| d["status"] == "failed" && d["error"] == worker::PAUSED)
    );
    let (status, _) = w
        .app
        .patch_json_as(
            &w.owner,
            &format!("/api/webhooks/{hook}"),
            &json!({"active": true}),
        )
        .await;
    assert_eq!(status, 200);
    let redeliver = format!("/api/webhooks/{hook}/deliveries/{oldest}/redeliver");
    assert_eq!(
        w.app.post_json_as(&w.owner, &redeliver, &json!({})).await.0,
        202
    );

    let now = kernel::clock::now();
    assert_eq!(
        worker::prune(&ctx.db, now + Duration::days(29))
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        worker::prune(&ctx.db, now + Duration::days(31))
            .await
            .unwrap(),
        2
    );
    let left = w.deliveries(&w.owner, hook).await;
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0]["status"], "pending");
    assert_ne!(left[0]["id"], newest);
}
