//! Issue 47 §2: who sets up webhooks (admins for the platform, a group's owner for theirs),
//! what they may subscribe to, where deliveries may go, the secret shown once, and the
//! platform's events reaching a staff webhook.

use serde_json::json;
use testkit::receiver::Receiver;
use testkit::staff::roles;

use crate::support::{World, verified};

#[tokio::test]
async fn admins_manage_the_platforms_webhooks_and_owners_their_groups_only() {
    let w = World::new(true).await;
    let app = &w.app;
    let people = roles(app).await;
    let platform = json!({"url": w.receiver.url, "events": ["project.approved", "pledge.made"]});

    let (status, body) = app
        .post_json_as(&people.admin, "/api/webhooks", &platform)
        .await;
    assert_eq!(status, 201, "{body}");
    let secret = body["data"]["secret"].as_str().unwrap();
    assert!(secret.starts_with("whsec_"));
    let webhook = &body["data"]["webhook"];
    assert_eq!(webhook["group_id"], json!(null));
    assert_eq!(
        webhook["events"],
        json!(["project.approved", "pledge.made"])
    );
    assert_eq!(webhook["secret_hint"], format!("{}…", &secret[..10]));

    // The secret is not shown again.
    let (status, list) = app.get_json_as(&people.admin, "/api/webhooks").await;
    assert_eq!(status, 200, "{list}");
    assert!(!list.to_string().contains(secret));
    let kinds: Vec<&str> = list["data"]["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"project.submitted") && kinds.contains(&"member.joined"));

    // Moderators, members and visitors do not see the platform's webhooks.
    for token in [&people.moderator, &people.member] {
        assert_eq!(app.get_json_as(token, "/api/webhooks").await.0, 404);
        assert_eq!(
            app.post_json_as(token, "/api/webhooks", &platform).await.0,
            404
        );
    }
    assert_eq!(app.status_of("/api/webhooks").await, 401);

    // A group's webhooks are its owner's: not a member's, not even an admin's.
    let group = json!({"group_id": w.group_id, "url": w.receiver.url, "events": ["member.joined"]});
    for token in [&people.member, &people.admin] {
        let (status, _) = app.post_json_as(token, "/api/webhooks", &group).await;
        assert_eq!(status, 404);
        let path = format!("/api/webhooks?group_id={}", w.group_id);
        assert_eq!(app.get_json_as(token, &path).await.0, 404);
    }
    let (hook, _) = w.group_webhook(&["member.joined"]).await;
    for token in [&people.member, &people.admin] {
        let path = format!("/api/webhooks/{hook}");
        assert_eq!(
            app.patch_json_as(token, &path, &json!({"active": false}))
                .await
                .0,
            404
        );
        assert_eq!(app.delete_as(token, &path).await.0, 404);
    }

    // A group's webhook takes only group events.
    let pledges = json!({"group_id": w.group_id, "url": w.receiver.url, "events": ["pledge.made"]});
    let (status, body) = app.post_json_as(&w.owner, "/api/webhooks", &pledges).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["events"][0],
        "A working group's webhook takes only its group's events."
    );
    let (_, list) = app
        .get_json_as(&w.owner, &format!("/api/webhooks?group_id={}", w.group_id))
        .await;
    let kinds: Vec<&str> = list["data"]["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["topic.created", "member.joined"]);

    // A token cannot manage webhooks, even with every scope.
    let (status, body) = app
        .post_json_as(
            &w.owner,
            "/api/me/api-tokens",
            &json!({"name": "all", "scopes": ["groups:write", "account:write"], "expires_in_days": 7}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let token = body["data"]["token"].as_str().unwrap();
    let (status, body) = app
        .get_json_as(token, &format!("/api/webhooks?group_id={}", w.group_id))
        .await;
    assert_eq!(status, 403, "{body}");
}

#[tokio::test]
async fn an_address_deliveries_may_not_go_to_is_refused_with_its_reason() {
    let w = World::new(true).await;
    let group = |url: &str, events: serde_json::Value| json!({"group_id": w.group_id, "url": url, "events": events});
    let cases = [
        (
            "hooks.example.org/in",
            json!(["member.joined"]),
            "url",
            "Enter the full address of your receiver, starting with https://.",
        ),
        (
            "http://93.184.216.34/in",
            json!(["member.joined"]),
            "url",
            "The address must start with https://.",
        ),
        (
            "https://me:pw@93.184.216.34/in",
            json!(["member.joined"]),
            "url",
            "Leave the user name and password out of the address: the signature proves who sends.",
        ),
        (
            "https://127.0.0.1:9/in",
            json!(["member.joined"]),
            "url",
            "This address is private or local: deliveries go there only if the operator allows it.",
        ),
        (
            "https://169.254.169.254/latest",
            json!(["member.joined"]),
            "url",
            "This address is private or local: deliveries go there only if the operator allows it.",
        ),
        (
            "https://[::1]/in",
            json!(["member.joined"]),
            "url",
            "This address is private or local: deliveries go there only if the operator allows it.",
        ),
        (
            "https://93.184.216.34/in",
            json!([]),
            "events",
            "Choose at least one event.",
        ),
    ];
    for (url, events, field, message) in cases {
        let (status, body) = w
            .app
            .post_json_as(&w.owner, "/api/webhooks", &group(url, events))
            .await;
        assert_eq!(status, 400, "{url}: {body}");
        assert_eq!(body["messages"][field][0], message, "{url}: {body}");
    }
    let long = format!("https://93.184.216.34/{}", "a".repeat(2000));
    let (status, body) = w
        .app
        .post_json_as(
            &w.owner,
            "/api/webhooks",
            &group(&long, json!(["member.joined"])),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["url"][0],
        "Use an address of at most 2,000 characters."
    );

    // A public https address is taken; so is the operator's allowed origin over http.
    w.group_webhook(&["member.joined"]).await;
    let (status, body) = w
        .app
        .post_json_as(
            &w.owner,
            "/api/webhooks",
            &group("https://93.184.216.34/in", json!(["topic.created"])),
        )
        .await;
    assert_eq!(status, 201, "{body}");

    // A change is held to the same rules.
    let id = body["data"]["webhook"]["id"].as_i64().unwrap();
    let (status, body) = w
        .app
        .patch_json_as(
            &w.owner,
            &format!("/api/webhooks/{id}"),
            &json!({"url": "https://10.0.0.7/in"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["url"][0],
        "This address is private or local: deliveries go there only if the operator allows it."
    );
    let (status, body) = w
        .app
        .patch_json_as(
            &w.owner,
            &format!("/api/webhooks/{id}"),
            &json!({"events": ["member.joined", "topic.created"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["events"],
        json!(["topic.created", "member.joined"])
    );
    let (status, body) = w
        .app
        .delete_as(&w.owner, &format!("/api/webhooks/{id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"], "The webhook was deleted.");
    assert_eq!(
        w.app
            .delete_as(&w.owner, &format!("/api/webhooks/{id}"))
            .await
            .0,
        404
    );
}

#[tokio::test]
async fn the_platforms_project_events_reach_a_staff_webhook_without_naming_the_donor() {
    use testkit::projects::{STAFF_PASSWORD, card, live, make_eligible};
    let receiver = Receiver::start().await;
    let origin = receiver.origin.clone();
    let app = testkit::spawn_app_with(move |config| {
        config.outbound_allowlist = vec![origin.clone()];
    })
    .await;
    let admin = app
        .signed_in_staff("admin@example.org", STAFF_PASSWORD)
        .await;
    let (status, body) = app
        .post_json_as(
            &admin,
            "/api/webhooks",
            &json!({"url": receiver.url, "events": ["project.submitted", "project.approved", "pledge.made"]}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let secret = body["data"]["secret"].as_str().unwrap().to_owned();

    let owner = app
        .signed_in_user("owner@example.org", "owner password 1")
        .await;
    make_eligible(&app, &owner, "owner password 1", &admin).await;
    let slug = live(&app, &owner, &admin, "Early sepsis").await;
    let got = receiver.wait_for(2).await;
    let kinds: Vec<String> = got
        .iter()
        .map(|r| verified(r, &secret)["type"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(kinds, ["project.submitted", "project.approved"]);
    assert_eq!(
        verified(&got[1], &secret)["data"]["project"]["slug"],
        slug.as_str()
    );

    let donor = app
        .signed_in_user("donor@example.org", "donor password 1")
        .await;
    let setup = card(&app, &donor, &slug, "4242424242424242").await;
    let (status, made) = app
        .post_json_as(
            &donor,
            &format!("/api/projects/{slug}/pledges"),
            &json!({"setup_id": setup, "amount_cents": 2_500, "adult": true}),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let got = receiver.wait_for(3).await;
    let pledge = verified(&got[2], &secret);
    assert_eq!(pledge["type"], "pledge.made");
    assert_eq!(pledge["data"]["amount_cents"], 2_500);
    assert_eq!(pledge["data"]["currency"], "CAD");
    assert!(!got[2].body.contains("donor"), "who pledged is not sent");
}
