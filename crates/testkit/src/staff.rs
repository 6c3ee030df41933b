//! The four kinds of caller every staff endpoint is tested with: an admin, a moderator,
//! a member, and a visitor (no token).

use serde_json::{Value, json};

use crate::TestApp;

/// Bearer tokens of an admin, a moderator and a member of one app.
pub struct Roles {
    pub admin: String,
    pub moderator: String,
    pub member: String,
    /// The moderator's and the member's account ids.
    pub moderator_id: i64,
    pub member_id: i64,
}

/// Makes the three accounts: the admin as `cohort create-admin` does, the moderator an
/// ordinary sign-up the admin grants the role to through the console.
pub async fn roles(app: &TestApp) -> Roles {
    let admin = app
        .signed_in_staff("admin@example.org", "admin password 1")
        .await;
    let moderator = app
        .signed_in_user("moderator@example.org", "moderator password 1")
        .await;
    let moderator_id = app.me(&moderator).await["id"].as_i64().unwrap();
    let (status, body) = app
        .put_json_as(
            &admin,
            &format!("/api/staff/users/{moderator_id}/role"),
            &json!({"staff_role": "moderator"}),
        )
        .await;
    assert_eq!(status, 200, "grant moderator: {body}");
    let member = app
        .signed_in_user("member@example.org", "member password 1")
        .await;
    let member_id = app.me(&member).await["id"].as_i64().unwrap();
    Roles {
        admin,
        moderator,
        member,
        moderator_id,
        member_id,
    }
}

/// Asserts that a visitor and a member are told the endpoint does not exist (404).
pub async fn assert_hidden(
    app: &TestApp,
    roles: &Roles,
    method: reqwest::Method,
    path: &str,
    body: Option<&Value>,
) {
    let anonymous = app.client.request(method.clone(), app.url(path));
    let anonymous = match body {
        Some(body) => anonymous.json(body),
        None => anonymous,
    };
    let (status, answer) = crate::read(anonymous.send().await.expect("request")).await;
    assert_eq!(status, 404, "visitor {method} {path}: {answer}");
    let (status, answer) = app.send_as(method.clone(), &roles.member, path, body).await;
    assert_eq!(status, 404, "member {method} {path}: {answer}");
}
