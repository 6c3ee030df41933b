use std::time::Duration;

use futures_util::StreamExt;
use serde_json::json;
use testkit::groups::{approved_group, setup};
use testkit::live::{connect, connect_from, next, socket_url, ticket};
use testkit::redis::OwnRedis;
use tokio_tungstenite::tungstenite::Message;

/// Issue 15, finding 8: the socket took any Origin and the session token in its URL.
#[tokio::test]
async fn the_channel_opens_only_with_a_single_use_ticket_from_an_allowed_page() {
    let (app, _, owner) = setup().await;
    let refused =
        tokio_tungstenite::connect_async(socket_url(&app, &format!("token={owner}"))).await;
    assert!(refused.is_err(), "the session token opens nothing");

    let first = ticket(&app, &owner).await;
    let elsewhere = connect_from(&app, &first, "https://evil.example").await;
    assert!(elsewhere.is_err(), "another site's page is refused");
    let public = app.ctx.config.public_url.clone();
    assert!(connect_from(&app, &first, &public).await.is_ok());
    assert!(
        connect_from(&app, &first, &public).await.is_err(),
        "a ticket works once"
    );
    assert_eq!(
        app.post_json("/api/live/ticket", &json!({})).await.0,
        401,
        "tickets are for signed-in members"
    );
}

#[tokio::test]
async fn a_member_hears_of_a_notification_the_moment_it_is_written() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Live", &["stroke"]).await;
    let mut socket = connect(&app, &owner).await;
    let asker = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    app.post_json_as(
        &asker,
        &format!("/api/groups/{slug}/join-requests"),
        &json!({"message": "Hi"}),
    )
    .await;
    let pushed = next(&mut socket, Duration::from_secs(2))
        .await
        .expect("a live notification");
    assert_eq!(pushed["title"], "New join request");
    assert_eq!(pushed["in_app_route"], format!("/working-groups/{slug}"));
}

#[tokio::test]
async fn the_channel_refuses_bad_tokens_and_closes_when_the_session_ends() {
    let (app, _, owner) = setup().await;
    let refused = tokio_tungstenite::connect_async(socket_url(&app, "ticket=not-a-ticket")).await;
    assert!(refused.is_err());
    let mut socket = connect(&app, &owner).await;
    app.post_json_as(&owner, "/api/logout", &json!({})).await;
    // The next heartbeat finds the session gone and closes the socket.
    let closed = tokio::time::timeout(Duration::from_secs(15), async {
        while let Some(message) = socket.next().await {
            if matches!(message, Ok(Message::Close(_)) | Err(_)) {
                return true;
            }
        }
        true
    })
    .await;
    assert_eq!(closed, Ok(true));
}

/// Two instances sharing PostgreSQL and Redis: a member connected to one hears, within a
/// second, of what was done on the other. Runs when both are configured (as in CI).
#[tokio::test]
async fn notifications_cross_instances_through_redis() {
    let Some((first, second)) = testkit::spawn_two_instances().await else {
        return;
    };
    let staff = first
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = first
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let (_, slug) = approved_group(&first, &owner, &staff, "Across", &["stroke"]).await;
    let mut socket = connect(&first, &owner).await;

    let asker = second
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    let started = std::time::Instant::now();
    let (status, _) = second
        .post_json_as(
            &asker,
            &format!("/api/groups/{slug}/join-requests"),
            &json!({"message": "Hi from the other instance"}),
        )
        .await;
    assert_eq!(status, 201);
    let pushed = next(&mut socket, Duration::from_secs(1))
        .await
        .expect("the notification, via Redis");
    assert_eq!(pushed["title"], "New join request");
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

/// Waits up to `within` for `message` on `subscription`, publishing it again from `from`
/// every 200 ms (a message sent while the channel was away is not replayed).
async fn delivered_within(
    from: &feed::live::Hub,
    subscription: &mut feed::live::Subscription,
    user: i64,
    message: &str,
    within: Duration,
) -> bool {
    let deadline = tokio::time::Instant::now() + within;
    while tokio::time::Instant::now() < deadline {
        from.publish(user, message.to_owned()).await;
        let wait = tokio::time::sleep(Duration::from_millis(200));
        tokio::pin!(wait);
        loop {
            tokio::select! {
                got = subscription.messages.recv() => {
                    if got.as_deref() == Some(message) {
                        return true;
                    }
                }
                () = &mut wait => break,
            }
        }
    }
    false
}

/// A fan-out larger than one message on the channel reaches every member on the other
/// instance, each once.
#[tokio::test]
async fn a_large_fan_out_crosses_instances_in_full() {
    let redis = OwnRedis::start();
    let first = feed::live::Hub::with_redis(&redis.url()).await.unwrap();
    let second = feed::live::Hub::with_redis(&redis.url()).await.unwrap();
    let mut members: Vec<_> = (1..=2_500).map(|id| second.join(id)).collect();
    first
        .publish_all((1..=2_500).map(|id| (id, format!("n{id}"))).collect())
        .await;
    for member in &mut members {
        let got = tokio::time::timeout(Duration::from_secs(5), member.messages.recv()).await;
        assert_eq!(
            got.unwrap().map(|f| f.text),
            Some(format!("n{}", member.user_id))
        );
        assert!(member.messages.try_recv().is_err());
    }
}

/// Issue 15, finding 4: after a Redis restart every instance logged "live notifications
/// stop" and never recovered until Cohort restarted.
#[tokio::test]
async fn delivery_across_instances_resumes_after_redis_restarts() {
    let mut redis = OwnRedis::start();
    let first = feed::live::Hub::with_redis(&redis.url()).await.unwrap();
    let second = feed::live::Hub::with_redis(&redis.url()).await.unwrap();
    let mut remote = second.join(7);
    let mut local = first.join(8);
    assert!(
        delivered_within(&first, &mut remote, 7, "before", Duration::from_secs(2)).await,
        "crosses instances through Redis"
    );

    redis.kill();
    assert!(
        delivered_within(&first, &mut local, 8, "while away", Duration::from_secs(2)).await,
        "same-instance delivery goes on while Redis is away"
    );

    redis.restart();
    let started = std::time::Instant::now();
    assert!(
        delivered_within(&first, &mut remote, 7, "after", Duration::from_secs(10)).await,
        "cross-instance delivery resumed by itself"
    );
    assert!(second.is_listening() && first.is_listening());
    eprintln!("resumed {:?} after Redis came back", started.elapsed());
}

/// Issue 47 §8: a hub started while Redis was away refused to start (`connecting to Redis
/// … Connection refused`), so instances crash-looped through a Redis restart. It starts,
/// delivers on its own instance meanwhile, and crosses instances once Redis is back.
#[tokio::test]
async fn a_hub_started_while_redis_is_away_joins_the_channel_once_it_is_back() {
    let mut redis = OwnRedis::start();
    redis.kill();
    let first = feed::live::Hub::with_redis(&redis.url()).await.unwrap();
    assert!(!first.is_listening());
    let mut local = first.join(8);
    assert!(
        delivered_within(&first, &mut local, 8, "while away", Duration::from_secs(2)).await,
        "same-instance delivery works from the start"
    );

    redis.restart();
    let second = feed::live::Hub::with_redis(&redis.url()).await.unwrap();
    let mut remote = second.join(7);
    assert!(
        delivered_within(&first, &mut remote, 7, "after", Duration::from_secs(10)).await,
        "the hub started without Redis publishes through it once it is back"
    );
    assert!(
        delivered_within(&second, &mut local, 8, "heard", Duration::from_secs(10)).await,
        "and hears the channel"
    );
}

/// The group's owner and a second member, each with a socket on a hub of their own.
async fn two_members_listening() -> (
    testkit::TestApp,
    feed::live::Hub,
    Vec<(String, feed::live::Subscription)>,
) {
    let (app, _, owner) = setup().await;
    let other = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    let hub = feed::live::Hub::in_process();
    let mut members = Vec::new();
    for token in [owner, other] {
        let id = app.me(&token).await["id"].as_i64().unwrap();
        let socket = hub.join(id);
        members.push((token, socket));
    }
    (app, hub, members)
}

/// Issue 45 §4: a fan-out larger than one stored batch is pushed batch by batch as each
/// commits; every notification is stored and pushed once, none lost or repeated at a
/// batch's edge.
#[tokio::test]
async fn a_fan_out_of_several_batches_stores_and_pushes_each_notification_once() {
    const EACH: usize = 1_100;
    let (app, hub, mut members) = two_members_listening().await;
    let notices = (0..EACH)
        .flat_map(|n| {
            members
                .iter()
                .map(move |(_, member)| feed::service::notices::Notice {
                    user_id: member.user_id,
                    kind: kernel::notification_kinds::NotificationKind::NewTopic,
                    title: format!("Notice {n}"),
                    message: String::new(),
                    in_app_route: None,
                    object_slug: None,
                    content_type: None,
                    invite_token: None,
                    mailed_by_source: true,
                    post_id: None,
                })
        })
        .collect();
    feed::service::notify::send_all(&app.ctx, &hub, notices)
        .await
        .unwrap();
    for (token, member) in &mut members {
        let mut pushed = Vec::new();
        let mut ids = std::collections::HashMap::new();
        while let Ok(message) = member.messages.try_recv() {
            let note: serde_json::Value = serde_json::from_str(&message).unwrap();
            let title = note["title"].as_str().unwrap().to_owned();
            pushed.push(title["Notice ".len()..].parse::<usize>().unwrap());
            ids.insert(title, note["id"].as_i64().unwrap());
        }
        pushed.sort_unstable();
        assert_eq!(pushed, (0..EACH).collect::<Vec<_>>(), "each pushed once");
        let (_, stored) = app.get_json_as(token, "/api/me/notifications").await;
        assert_eq!(
            stored["pagination"]["count"].as_u64(),
            Some(EACH as u64),
            "{}",
            stored["pagination"]
        );
        // What was pushed is what the bell shows after a reload, under the same id.
        for note in stored["data"].as_array().unwrap() {
            let title = note["title"].as_str().unwrap();
            assert_eq!(ids.get(title), note["id"].as_i64().as_ref(), "{title}");
        }
    }
}

/// Issue 45 §4: a notification for many members (a new topic in a large group) is stored
/// from one row template and their ids, batch by batch: each member gets a row of their
/// own, pushed under that row's id, none lost or repeated at a batch's edge.
#[tokio::test]
async fn a_notification_for_many_members_is_stored_and_pushed_once_for_each() {
    const EACH: usize = 600;
    let (app, hub, mut members) = two_members_listening().await;
    // The same notice, alternately for each: 1,200 rows in two batches, one template.
    let notices = (0..EACH)
        .flat_map(|_| {
            members
                .iter()
                .map(|(_, member)| feed::service::notices::Notice {
                    user_id: member.user_id,
                    kind: kernel::notification_kinds::NotificationKind::NewTopic,
                    title: "New discussion".to_owned(),
                    message: "Someone started a discussion".to_owned(),
                    in_app_route: Some("/working-groups/many".to_owned()),
                    object_slug: Some("many".to_owned()),
                    content_type: Some(feed::enums::ContentType::WorkingGroup),
                    invite_token: None,
                    mailed_by_source: true,
                    post_id: None,
                })
                .collect::<Vec<_>>()
        })
        .collect();
    feed::service::notify::send_all(&app.ctx, &hub, notices)
        .await
        .unwrap();
    for (token, member) in &mut members {
        let mut pushed = std::collections::HashSet::new();
        while let Ok(message) = member.messages.try_recv() {
            let note: serde_json::Value = serde_json::from_str(&message).unwrap();
            assert_eq!(note["title"], "New discussion");
            assert_eq!(note["in_app_route"], "/working-groups/many");
            assert_eq!(note["content_type"], "workinggroup");
            assert!(pushed.insert(note["id"].as_i64().unwrap()), "pushed once");
        }
        assert_eq!(pushed.len(), EACH);
        let (_, stored) = app.get_json_as(token, "/api/me/notifications").await;
        assert_eq!(stored["pagination"]["count"].as_u64(), Some(EACH as u64));
        // What was pushed is what the bell shows after a reload, under the same id.
        for note in stored["data"].as_array().unwrap() {
            assert!(pushed.contains(&note["id"].as_i64().unwrap()), "{note}");
            assert_eq!(note["object_slug"], "many");
            assert_eq!(note["message"], "Someone started a discussion");
        }
    }
}
