//! Issue 24 §2: data-use agreements. Joining accepts the current version; a new version
//! asks every member to accept again and, once its grace period is over, closes the
//! group's private content to those who have not; the owner exports who accepted what.

use serde_json::{Value, json};
use testkit::TestApp;

use crate::support::{approved_group, setup};

pub(crate) const TERMS_V1: &str = "<p>Never share what a patient tells the group outside it.</p>";
pub(crate) const TERMS_V2: &str =
    "<p>Never share it, and delete exports within 30 days.</p><script>x()</script>";

pub(crate) async fn publish(
    app: &TestApp,
    token: &str,
    slug: &str,
    body: &str,
    grace_days: u32,
) -> (u16, Value) {
    app.post_json_as(
        token,
        &format!("/api/groups/{slug}/agreement/versions"),
        &json!({"body": body, "grace_days": grace_days}),
    )
    .await
}

pub(crate) async fn detail(app: &TestApp, token: &str, slug: &str) -> Value {
    let (status, body) = app.get_json_as(token, &format!("/api/groups/{slug}")).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// How many topics `token` lists in the group's discussion (private ones for readers).
async fn topics_seen(app: &TestApp, token: &str, group_id: i64) -> usize {
    let (status, body) = app
        .get_json_as(token, &format!("/api/groups/{group_id}/discussions"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().len()
}

pub(crate) async fn ask(
    app: &TestApp,
    token: &str,
    slug: &str,
    version: Option<i64>,
) -> (u16, Value) {
    let mut body = json!({"message": "I coordinate a patient panel."});
    if let Some(version) = version {
        body["agreement_version"] = json!(version);
    }
    app.post_json_as(token, &format!("/api/groups/{slug}/join-requests"), &body)
        .await
}

pub(crate) async fn accept_request(app: &TestApp, owner: &str, slug: &str) {
    let (_, body) = app
        .get_json_as(owner, &format!("/api/groups/{slug}/join-requests"))
        .await;
    let id = body["data"][0]["id"].as_i64().unwrap();
    let (status, body) = app
        .post_json_as(
            owner,
            &format!("/api/groups/{slug}/join-requests/{id}/accept"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn members_accept_each_version_or_lose_private_content_after_the_grace_period() {
    let (app, staff, owner) = setup().await;
    let (group_id, slug) = approved_group(&app, &owner, &staff, "Patient panel", &["stroke"]).await;
    let member = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    let outsider = app
        .signed_in_user("cy@example.org", "analytical 1843")
        .await;

    // No agreement yet: nothing to accept, and the agreement itself is a 404 that says so.
    let (status, body) = app.get_json(&format!("/api/groups/{slug}/agreement")).await;
    assert_eq!(status, 404);
    assert_eq!(
        body["message"],
        "This working group has no data-use agreement."
    );
    assert_eq!(
        detail(&app, &owner, &slug).await["agreement"]["state"],
        "none"
    );

    // Only the owner publishes; the text is required and sanitised; grace is at most 90 days.
    let (status, _) = publish(&app, &outsider, &slug, TERMS_V1, 14).await;
    assert_eq!(status, 403);
    let (status, body) = publish(&app, &owner, &slug, "<p> </p>", 14).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["messages"]["body"].is_array(), "{body}");
    let (status, body) = publish(&app, &owner, &slug, TERMS_V1, 91).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["messages"]["grace_days"].is_array(), "{body}");
    let (status, body) = publish(&app, &owner, &slug, TERMS_V1, 14).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["version"], 1);
    assert_eq!(
        body["data"]["state"], "current",
        "the owner accepts by publishing"
    );

    // A visitor reads what they would accept.
    let (status, body) = app.get_json(&format!("/api/groups/{slug}/agreement")).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["body"], TERMS_V1);
    assert_eq!(body["data"]["state"], "none");

    // Joining needs the current version accepted, with the server's own words.
    let (status, body) = ask(&app, &member, &slug, None).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["agreement_version"],
        json!(["Accept the working group's data-use agreement to join."])
    );
    let (status, body) = ask(&app, &member, &slug, Some(7)).await;
    assert_eq!(status, 400);
    assert!(
        body["messages"]["agreement_version"][0]
            .as_str()
            .unwrap()
            .starts_with("The data-use agreement has changed")
    );
    let (status, body) = ask(&app, &member, &slug, Some(1)).await;
    assert_eq!(status, 201, "{body}");
    accept_request(&app, &owner, &slug).await;
    let seen = detail(&app, &member, &slug).await;
    assert_eq!(seen["agreement"]["state"], "current");
    assert_eq!(seen["agreement"]["version"], 1);

    // A private topic the member reads.
    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{group_id}/discussions"),
            &json!({"text": "<p>Members only</p>", "is_public": false}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(topics_seen(&app, &member, group_id).await, 1);

    // Version 2 with a 3-day grace period: the member still reads, and is asked.
    let (status, body) = publish(&app, &owner, &slug, TERMS_V2, 3).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["version"], 2);
    assert_eq!(
        body["data"]["body"], "<p>Never share it, and delete exports within 30 days.</p>",
        "sanitised"
    );
    let seen = detail(&app, &member, &slug).await;
    assert_eq!(seen["agreement"]["state"], "due");
    assert!(seen["agreement"]["grace_until"].is_string());
    assert_eq!(seen["agreement"]["must_accept"], true);
    assert_eq!(
        seen["agreement"]["accept_by"],
        seen["agreement"]["grace_until"]
    );
    assert_eq!(seen["abilities"]["can_see_members"], true);
    assert_eq!(topics_seen(&app, &member, group_id).await, 1);

    // Four days on, the grace period is over: private content closes, public stays.
    app.advance(chrono::Duration::days(4));
    let seen = detail(&app, &member, &slug).await;
    assert_eq!(seen["agreement"]["state"], "lapsed");
    assert_eq!(seen["agreement"]["must_accept"], true);
    assert!(
        seen["agreement"]["accept_by"].is_null(),
        "the grace period is over"
    );
    assert_eq!(seen["is_member"], true, "still a member");
    assert_eq!(seen["abilities"]["can_see_members"], false);
    assert_eq!(topics_seen(&app, &member, group_id).await, 0);
    let (status, _) = app
        .get_json_as(&member, &format!("/api/groups/{slug}/members"))
        .await;
    assert_eq!(status, 403);
    let (status, _) = app
        .get_json_as(&member, &format!("/api/groups/{group_id}/updates"))
        .await;
    assert_eq!(status, 404);
    // The owner accepted by publishing; staff read on.
    assert_eq!(topics_seen(&app, &owner, group_id).await, 1);
    assert_eq!(topics_seen(&app, &staff, group_id).await, 1);

    // Accepting an old version is refused; only members accept; the current one reopens.
    let accept = |token: String, version: i64| {
        let app = &app;
        let path = format!("/api/groups/{slug}/agreement/acceptances");
        async move {
            app.post_json_as(&token, &path, &json!({"version": version}))
                .await
        }
    };
    let (status, _) = accept(member.clone(), 1).await;
    assert_eq!(status, 400);
    let (status, body) = accept(outsider.clone(), 2).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "Only members of this working group accept its data-use agreement."
    );
    let (status, body) = accept(member.clone(), 2).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Thank you: you have accepted the data-use agreement."
    );
    assert_eq!(
        detail(&app, &member, &slug).await["agreement"]["state"],
        "current"
    );
    assert_eq!(topics_seen(&app, &member, group_id).await, 1);
    let (status, _) = app
        .get_json_as(&member, &format!("/api/groups/{slug}/members"))
        .await;
    assert_eq!(status, 200);

    // The owner's export: who accepted which version when, oldest first.
    let path = format!("/api/groups/{slug}/agreement/acceptances.csv");
    let (status, _) = app.get_json_as(&member, &path).await;
    assert_eq!(status, 403);
    let response = app
        .client
        .get(app.url(&path))
        .bearer_auth(&owner)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("agreement-acceptances.csv")
    );
    let csv = response.text().await.unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "Member,Email,Version,Accepted at (UTC)");
    assert_eq!(lines.len(), 5, "{csv}");
    let versions: Vec<(&str, &str)> = lines[1..]
        .iter()
        .map(|l| {
            let fields: Vec<&str> = l.split(',').collect();
            (fields[1], fields[2])
        })
        .collect();
    assert_eq!(
        versions,
        [
            ("ada@example.org", "1"),
            ("bo@example.org", "1"),
            ("ada@example.org", "2"),
            ("bo@example.org", "2"),
        ]
    );
}

#[tokio::test]
async fn an_invitation_accepts_the_agreement_as_the_invitee_joins() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Trial design", &["stroke"]).await;
    let (status, body) = publish(&app, &owner, &slug, TERMS_V1, 0).await;
    assert_eq!(status, 201, "{body}");
    let invitee = app
        .signed_in_user("di@example.org", "analytical 1843")
        .await;
    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{slug}/invite-member"),
            &json!({"email": "di@example.org", "message": "Join us"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let mail = app.last_mail_to("di@example.org").await;
    let token = testkit::query_param(&mail.text, "invite_token").unwrap();
    let path = format!("/api/groups/{slug}/invited-members/{token}");
    let (status, body) = app.post_json_as(&invitee, &path, &json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["agreement_version"],
        json!(["Accept the working group's data-use agreement to join."])
    );
    let (status, body) = app
        .post_json_as(&invitee, &format!("{path}?agreement_version=1"), &json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        detail(&app, &invitee, &slug).await["agreement"]["state"],
        "current"
    );
}
