//! A member's sessions under Account (issue 49, item 1): each named by the browser and
//! system it began from, with when it began and was last used; any other one signed out
//! from here, or all of them at once; never another member's.

use serde_json::{Value, json};
use testkit::{TestApp, spawn_app};

const FIREFOX_ON_WINDOWS: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_ON_IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const PASSWORD: &str = "pass phrase 42";

/// Signs `email` in from the browser `agent` names; the session's token.
async fn sign_in_from(app: &TestApp, email: &str, agent: &str) -> String {
    let response = app
        .client
        .post(app.url("/api/login"))
        .header("User-Agent", agent)
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    let (status, body) = testkit::read(response).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["access"].as_str().unwrap().to_owned()
}

async fn sessions(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = app.get_json_as(token, "/api/me/sessions").await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn signed_in(app: &TestApp, token: &str) -> bool {
    app.get_json_as(token, "/api/me").await.0 == 200
}

#[tokio::test]
async fn a_member_sees_where_they_are_signed_in_and_signs_one_session_out() {
    let app = spawn_app().await;
    let first = app.signed_in_user("pat@example.org", PASSWORD).await;
    let other_member = app.signed_in_user("sam@example.org", PASSWORD).await;
    let laptop = sign_in_from(&app, "pat@example.org", FIREFOX_ON_WINDOWS).await;
    let phone = sign_in_from(&app, "pat@example.org", SAFARI_ON_IPHONE).await;

    // This device first, named by its browser; the phone beside it; the test client sent
    // no User-Agent.
    let listed = sessions(&app, &laptop).await;
    assert_eq!(listed.len(), 4, "{listed:?}"); // sign-up's confirmation signed in too
    assert_eq!(listed[0]["current"], true);
    assert_eq!(listed[0]["browser"], "Firefox");
    assert_eq!(listed[0]["system"], "Windows");
    assert_eq!(
        listed.iter().filter(|s| s["current"] == true).count(),
        1,
        "{listed:?}"
    );
    let on_phone = listed
        .iter()
        .find(|s| s["browser"] == "Safari")
        .expect("the phone's session");
    assert_eq!(on_phone["system"], "iPhone");
    assert!(listed.iter().any(|s| s["browser"] == "Unknown browser"));
    let phone_id = on_phone["id"].as_i64().unwrap();
    assert!(
        !Value::from(listed.clone()).to_string().contains(&phone),
        "no token is listed"
    );

    // A session's use is noted: ten minutes on, the phone's first request moves its time.
    app.advance(chrono::Duration::minutes(10));
    assert!(signed_in(&app, &phone).await);
    let listed = sessions(&app, &laptop).await;
    let on_phone = listed.iter().find(|s| s["id"] == phone_id).unwrap();
    assert!(
        on_phone["last_active_at"].as_str() > on_phone["created_at"].as_str(),
        "{on_phone}"
    );

    // Another member cannot end it (nor learn it exists).
    let (status, _) = app
        .delete_as(&other_member, &format!("/api/me/sessions/{phone_id}"))
        .await;
    assert_eq!(status, 404);
    assert!(signed_in(&app, &phone).await);

    // Its owner can: the phone is signed out at its next request.
    let (status, body) = app
        .delete_as(&laptop, &format!("/api/me/sessions/{phone_id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"], "The session was signed out.");
    assert!(!signed_in(&app, &phone).await);
    assert!(signed_in(&app, &laptop).await);
    assert!(signed_in(&app, &first).await);
    let (status, _) = app
        .delete_as(&laptop, &format!("/api/me/sessions/{phone_id}"))
        .await;
    assert_eq!(status, 404, "an ended session is gone");
    let (status, _) = app.delete_as(&laptop, "/api/me/sessions/abc").await;
    assert_eq!(status, 404);
    assert_eq!(sessions(&app, &laptop).await.len(), 3);
}

#[tokio::test]
async fn signing_out_everywhere_else_keeps_only_this_device_even_when_raced() {
    let app = spawn_app().await;
    let first = app.signed_in_user("pat@example.org", PASSWORD).await;
    let other_member = app.signed_in_user("sam@example.org", PASSWORD).await;
    let laptop = sign_in_from(&app, "pat@example.org", FIREFOX_ON_WINDOWS).await;
    let phone = sign_in_from(&app, "pat@example.org", SAFARI_ON_IPHONE).await;
    let phone_id = sessions(&app, &phone).await[0]["id"].as_i64().unwrap();

    // The laptop signs the phone out while signing out everywhere else, at once.
    let (path, empty) = (format!("/api/me/sessions/{phone_id}"), json!({}));
    let end_one = app.delete_as(&laptop, &path);
    let end_others = app.post_json_as(&laptop, "/api/me/sessions/end-others", &empty);
    let ((one, _), (others, body)) = tokio::join!(end_one, end_others);
    assert!(one == 200 || one == 404, "{one}");
    assert_eq!(others, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "You were signed out everywhere else."
    );

    for gone in [&first, &phone] {
        assert!(!signed_in(&app, gone).await);
    }
    let left = sessions(&app, &laptop).await;
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0]["current"], true);
    assert!(
        signed_in(&app, &other_member).await,
        "another member's stay"
    );

    // An API token is no way to list or end sessions.
    let (status, created) = app
        .post_json_as(
            &laptop,
            "/api/me/api-tokens",
            &json!({"name": "script", "scopes": ["account:write"], "expires_in_days": 1}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let token = created["data"]["token"].as_str().unwrap();
    assert_eq!(app.get_json_as(token, "/api/me/sessions").await.0, 403);
    let (status, _) = app
        .post_json_as(token, "/api/me/sessions/end-others", &json!({}))
        .await;
    assert_eq!(status, 403);
    assert!(signed_in(&app, &laptop).await);
}
