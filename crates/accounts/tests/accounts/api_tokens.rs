//! Personal API tokens (issue 47, item 1): shown once, kept hashed, scoped, expiring,
//! revocable, audited; never a way into the site's session-only operations.

use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use testkit::{TestApp, groups, spawn_app};

/// Creates a token for the session `session`; its answer.
async fn create(app: &TestApp, session: &str, name: &str, scopes: &[&str]) -> (u16, Value) {
    app.post_json_as(
        session,
        "/api/me/api-tokens",
        &json!({"name": name, "scopes": scopes, "expires_in_days": 30}),
    )
    .await
}

/// A new token's secret.
async fn token(app: &TestApp, session: &str, name: &str, scopes: &[&str]) -> String {
    let (status, body) = create(app, session, name, scopes).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["token"].as_str().unwrap().to_owned()
}

async fn actions(app: &TestApp, session: &str) -> Vec<String> {
    let (status, trail) = app.get_json_as(session, "/api/me/audit").await;
    assert_eq!(status, 200, "{trail}");
    trail["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_token_is_shown_once_kept_hashed_listed_used_and_revoked_and_both_are_audited() {
    let app = spawn_app().await;
    let session = app
        .signed_in_user("pat@example.org", "pass phrase 42")
        .await;

    let (status, created) = create(&app, &session, "Nightly export", &["account:read"]).await;
    assert_eq!(status, 201, "{created}");
    let secret = created["data"]["token"].as_str().unwrap().to_owned();
    assert!(
        secret.starts_with("cohort_pat_") && secret.len() > 50,
        "{secret}"
    );
    let item = &created["data"]["api_token"];
    assert_eq!(item["name"], "Nightly export");
    assert_eq!(item["scopes"], json!(["account:read"]));
    assert_eq!(item["prefix"], secret[..15]);
    assert!(item["last_used_at"].is_null());

    // The list never holds the token; the database holds only its hash.
    let (_, list) = app.get_json_as(&session, "/api/me/api-tokens").await;
    assert_eq!(list["data"]["tokens"].as_array().unwrap().len(), 1);
    assert!(!list.to_string().contains(&secret), "{list}");
    let db = &app.ctx.db;
    let stored = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT token_hash, prefix, scopes, name FROM api_tokens",
        ))
        .await
        .unwrap();
    assert_eq!(stored.len(), 1);
    for column in ["token_hash", "prefix", "scopes", "name"] {
        let value: String = stored[0].try_get("", column).unwrap();
        assert!(!value.contains(&secret[15..]), "{column} holds the token");
    }

    // The token reads the account, and its use is noted.
    let (status, me) = app.get_json_as(&secret, "/api/me").await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["data"]["email"], "pat@example.org");
    let (_, list) = app.get_json_as(&session, "/api/me/api-tokens").await;
    assert!(
        list["data"]["tokens"][0]["last_used_at"].is_string(),
        "{list}"
    );

    // Revoked, it is refused at once.
    let id = item["id"].as_i64().unwrap();
    let (status, body) = app
        .delete_as(&session, &format!("/api/me/api-tokens/{id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"], "The token was revoked.");
    let (status, body) = app.get_json_as(&secret, "/api/me").await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["code"], "invalid_token");
    let (_, list) = app.get_json_as(&session, "/api/me/api-tokens").await;
    assert_eq!(list["data"]["tokens"], json!([]));
    assert_eq!(
        actions(&app, &session).await,
        ["api_token.revoke", "api_token.create"]
    );
}

#[tokio::test]
async fn a_token_reads_and_writes_only_the_areas_its_scopes_name() {
    let app = spawn_app().await;
    let session = app
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let reader = token(&app, &session, "reader", &["groups:read"]).await;
    let writer = token(&app, &session, "writer", &["groups:write"]).await;

    let (status, body) = app.get_json_as(&reader, "/api/me/groups/joined").await;
    assert_eq!(status, 200, "{body}");
    let group = json!({"title": "Stroke rehab", "summary": "<p>Walking again.</p>", "tags": []});
    let (status, body) = app.post_json_as(&reader, "/api/me/groups", &group).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["code"], "insufficient_scope");
    assert_eq!(
        body["message"],
        "This token does not have the groups:write scope."
    );
    let (status, body) = app.get_json_as(&reader, "/api/me").await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        "This token does not have the account:read scope."
    );

    // A write scope writes its area and reads it too.
    let group = groups::draft(&app, &writer, "Stroke rehabilitation", &["stroke"]).await;
    assert_eq!(group["title"], "Stroke rehabilitation");
    let (status, _) = app.get_json_as(&writer, "/api/me/groups/joined").await;
    assert_eq!(status, 200);
    let (status, _) = app.get_json_as(&writer, "/api/me/backed-projects").await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn a_token_never_signs_out_changes_the_password_or_two_step_or_makes_tokens() {
    let app = spawn_app().await;
    let session = app
        .signed_in_user("pat@example.org", "pass phrase 42")
        .await;
    let every: Vec<&str> = kernel::TokenScope::ALL
        .iter()
        .filter(|s| s.area() != "staff")
        .map(|s| s.as_str())
        .collect();
    let secret = token(&app, &session, "everything", &every).await;

    let password = json!({"current_password": "pass phrase 42", "new_password": "another phrase 43", "confirm_new_password": "another phrase 43"});
    let refused = [
        app.patch_json_as(&secret, "/api/me", &password).await,
        app.get_json_as(&secret, "/api/otp-totp").await,
        app.delete_as(&secret, "/api/otp-totp").await,
        app.post_json_as(&secret, "/api/logout", &json!({})).await,
        app.get_json_as(&secret, "/api/me/api-tokens").await,
        create(&app, &secret, "another", &["groups:read"]).await,
        app.post_json_as(&secret, "/api/live/ticket", &json!({}))
            .await,
        app.post_json_as(&secret, "/api/me/data-export", &json!({}))
            .await,
    ];
    for (status, body) in refused {
        assert_eq!(status, 403, "{body}");
        assert_eq!(body["code"], "token_not_allowed", "{body}");
        assert_eq!(
            body["message"],
            "An API token cannot do this: sign in on the site to do it."
        );
    }
    // The password still signs in; the session still works.
    app.sign_in("pat@example.org", "pass phrase 42").await;
    assert_eq!(app.get_json_as(&session, "/api/me").await.0, 200);
}

#[tokio::test]
async fn staff_scopes_are_for_staff_and_open_the_console_only_with_them() {
    let app = spawn_app().await;
    let member = app
        .signed_in_user("pat@example.org", "pass phrase 42")
        .await;
    let (status, body) = create(&app, &member, "console", &["staff:read"]).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["scopes"],
        json!(["Only staff may give a token a staff scope."])
    );
    // The form offers what the server grants: the staff scopes to staff only.
    let grantable = |list: &serde_json::Value| -> Vec<String> {
        list["data"]["grantable"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect()
    };
    let (_, list) = app.get_json_as(&member, "/api/me/api-tokens").await;
    let offered = grantable(&list);
    assert!(offered.contains(&"groups:write".to_owned()));
    assert!(
        !offered.iter().any(|s| s.starts_with("staff:")),
        "{offered:?}"
    );

    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let (_, list) = app.get_json_as(&staff, "/api/me/api-tokens").await;
    assert!(grantable(&list).contains(&"staff:write".to_owned()));
    let console = token(&app, &staff, "console", &["staff:read"]).await;
    let other = token(&app, &staff, "groups", &["groups:read"]).await;
    let (status, body) = app.get_json_as(&console, "/api/staff/users").await;
    assert_eq!(status, 200, "{body}");
    // Without the scope the console does not exist for the token; reading is not writing.
    assert_eq!(app.get_json_as(&other, "/api/staff/users").await.0, 404);
    let (status, body) = app
        .post_json_as(
            &console,
            "/api/staff/users",
            &json!({"email": "x@example.org"}),
        )
        .await;
    assert_eq!(status, 404, "{body}");
}

#[tokio::test]
async fn a_token_ends_when_it_expires_and_a_request_must_be_whole() {
    let app = spawn_app().await;
    let session = app
        .signed_in_user("pat@example.org", "pass phrase 42")
        .await;
    let (status, body) = app
        .post_json_as(
            &session,
            "/api/me/api-tokens",
            &json!({"name": " ", "scopes": [], "expires_in_days": 400}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["messages"]["name"], json!(["This field is required"]));
    assert_eq!(
        body["messages"]["scopes"],
        json!(["Choose at least one scope."])
    );
    assert_eq!(
        body["messages"]["expires_in_days"],
        json!(["Choose an expiry from 1 to 365 days."])
    );

    let (status, created) = app
        .post_json_as(
            &session,
            "/api/me/api-tokens",
            &json!({"name": "week", "scopes": ["account:read"], "expires_in_days": 7}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let secret = created["data"]["token"].as_str().unwrap();
    assert_eq!(app.get_json_as(secret, "/api/me").await.0, 200);
    app.advance(chrono::Duration::days(7) + chrono::Duration::minutes(1));
    let (status, body) = app.get_json_as(secret, "/api/me").await;
    assert_eq!(status, 401, "{body}");
    // Listed as it was, so its owner sees it expired.
    let (_, list) = app.get_json_as(&session, "/api/me/api-tokens").await;
    assert_eq!(list["data"]["tokens"][0]["name"], "week");
}

#[tokio::test]
async fn two_tokens_made_at_once_with_one_name_are_one_token_and_one_revocation_counts_once() {
    let app = spawn_app().await;
    let session = app
        .signed_in_user("pat@example.org", "pass phrase 42")
        .await;
    let (a, b) = tokio::join!(
        create(&app, &session, "twin", &["groups:read"]),
        create(&app, &session, "twin", &["groups:read"]),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 400], "{} {}", a.1, b.1);
    let refused = if a.0 == 400 { &a.1 } else { &b.1 };
    assert_eq!(
        refused["messages"]["name"],
        json!(["You already have a token with this name."])
    );

    let (_, list) = app.get_json_as(&session, "/api/me/api-tokens").await;
    let id = list["data"]["tokens"][0]["id"].as_i64().unwrap();
    let path = format!("/api/me/api-tokens/{id}");
    let (a, b) = tokio::join!(
        app.delete_as(&session, &path),
        app.delete_as(&session, &path)
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 404], "{} {}", a.1, b.1);
    assert_eq!(
        actions(&app, &session).await,
        ["api_token.revoke", "api_token.create"]
    );

    // Another member's token is not found.
    let other = app
        .signed_in_user("eve@example.org", "another phrase 9")
        .await;
    let (_, created) = create(&app, &other, "eve's", &["groups:read"]).await;
    let theirs = created["data"]["api_token"]["id"].as_i64().unwrap();
    let (status, _) = app
        .delete_as(&session, &format!("/api/me/api-tokens/{theirs}"))
        .await;
    assert_eq!(status, 404);
}
