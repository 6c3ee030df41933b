use reqwest::Method;
use serde_json::{Value, json};
use testkit::staff::{Roles, assert_hidden, roles};
use testkit::{TestApp, spawn_app};

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

async fn audit_of(app: &TestApp, admin: &str, user_id: i64) -> Vec<Value> {
    let (status, body) = app
        .get_json_as(admin, &format!("/api/staff/users/{user_id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["history"].as_array().unwrap().clone()
}

#[tokio::test]
async fn every_user_endpoint_is_hidden_from_visitors_and_members() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let id = r.moderator_id;
    let reason = json!({});
    for (method, path, body) in [
        (Method::GET, "/api/staff/users".to_owned(), None),
        (Method::GET, format!("/api/staff/users/{id}"), None),
        (
            Method::POST,
            format!("/api/staff/users/{id}/deactivate"),
            Some(&reason),
        ),
        (
            Method::POST,
            format!("/api/staff/users/{id}/reactivate"),
            Some(&reason),
        ),
        (
            Method::POST,
            format!("/api/staff/users/{id}/resend-confirmation"),
            None,
        ),
        (
            Method::POST,
            format!("/api/staff/users/{id}/reset-two-factor"),
            Some(&reason),
        ),
        (
            Method::PUT,
            format!("/api/staff/users/{id}/role"),
            Some(&json!({"staff_role": null})),
        ),
    ] {
        assert_hidden(&app, &r, method, &path, body).await;
    }
    // Nothing a member tried reached the moderator's account.
    let (status, _) = app.get_json_as(&r.moderator, "/api/staff/users").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn staff_find_accounts_by_text_role_and_state() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let (status, body) = app
        .post_json(
            "/api/register",
            &json!({"name": "Pending Person", "email": "pending@example.org", "password": "a long passphrase", "captcha": "x"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");

    let emails = |body: &Value| -> Vec<String> {
        body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["email"].as_str().unwrap().to_owned())
            .collect()
    };
    for token in [&r.moderator, &r.admin] {
        let (status, body) = app.get_json_as(token, "/api/staff/users").await;
        assert_eq!(status, 200);
        assert_eq!(body["pagination"]["count"], 4);
    }
    let (_, body) = app
        .get_json_as(&r.moderator, "/api/staff/users?search=MEMBER@")
        .await;
    assert_eq!(emails(&body), ["member@example.org"]);
    let (_, body) = app
        .get_json_as(&r.moderator, "/api/staff/users?role=staff")
        .await;
    assert_eq!(
        emails(&body),
        ["moderator@example.org", "admin@example.org"]
    );
    let (_, body) = app
        .get_json_as(&r.moderator, "/api/staff/users?role=moderator")
        .await;
    assert_eq!(body["data"][0]["staff_role"], "moderator");
    let (_, body) = app
        .get_json_as(&r.moderator, "/api/staff/users?state=unconfirmed")
        .await;
    assert_eq!(emails(&body), ["pending@example.org"]);
    assert_eq!(body["data"][0]["state"], "unconfirmed");
    let (status, body) = app
        .get_json_as(&r.moderator, "/api/staff/users?state=sleeping")
        .await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn a_deactivated_member_is_signed_out_and_refused_until_reactivated() {
    let app = spawn_app().await;
    let Roles {
        moderator,
        member,
        member_id,
        admin,
        ..
    } = roles(&app).await;
    let (status, body) = app
        .post_json_as(
            &moderator,
            &format!("/api/staff/users/{member_id}/deactivate"),
            &json!({"reason": "Spam in three groups"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"], "The account has been deactivated.");

    let (status, body) = app.get_json_as(&member, "/api/me").await;
    assert_eq!(status, 401);
    assert_eq!(body["code"], "user_inactive");
    let (status, body) = app
        .post_json(
            "/api/login",
            &json!({"email": "member@example.org", "password": "member password 1"}),
        )
        .await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["code"], "user_inactive");

    let (status, body) = app
        .post_json_as(
            &moderator,
            &format!("/api/staff/users/{member_id}/deactivate"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "This account is already deactivated.");

    let (_, body) = app
        .get_json_as(&admin, &format!("/api/staff/users/{member_id}"))
        .await;
    assert_eq!(body["data"]["state"], "deactivated");
    assert!(body["data"]["deactivated_at"].is_string());
    let history = audit_of(&app, &admin, member_id).await;
    assert_eq!(history.len(), 1);
    assert_eq!(history[0]["action"], "user.deactivate");
    assert_eq!(history[0]["reason"], "Spam in three groups");
    // Who decided, by name: the moderator (made by the signed-in user factory).
    assert_eq!(history[0]["actor_name"], "Test Member");
    assert_eq!(history[0]["before"]["state"], "active");
    assert_eq!(history[0]["after"]["state"], "deactivated");

    let (status, _) = app
        .post_json_as(
            &moderator,
            &format!("/api/staff/users/{member_id}/reactivate"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);
    // The old session stays ended; signing in again works.
    let (status, body) = app.get_json_as(&member, "/api/me").await;
    assert_eq!(status, 401);
    assert_eq!(body["code"], "invalid_token");
    app.sign_in("member@example.org", "member password 1").await;
    assert_eq!(
        audit_of(&app, &admin, member_id).await[0]["action"],
        "user.reactivate"
    );
}

#[tokio::test]
async fn moderators_cannot_touch_staff_roles_two_factor_or_other_staff() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let admin_id = app.me(&r.admin).await["id"].as_i64().unwrap();
    let refused = [
        (
            Method::PUT,
            format!("/api/staff/users/{}/role", r.member_id),
            json!({"staff_role": "admin"}),
            "Only an admin can do this.",
        ),
        (
            Method::POST,
            format!("/api/staff/users/{}/reset-two-factor", r.member_id),
            json!({}),
            "Only an admin can do this.",
        ),
        (
            Method::POST,
            format!("/api/staff/users/{admin_id}/deactivate"),
            json!({}),
            "Only an admin can do this.",
        ),
        (
            Method::POST,
            format!("/api/staff/users/{}/deactivate", r.moderator_id),
            json!({}),
            "You cannot do this to your own account.",
        ),
    ];
    for (method, path, body, detail) in refused {
        let (status, answer) = app.send_as(method, &r.moderator, &path, Some(&body)).await;
        assert_eq!(status, 403, "{path}: {answer}");
        assert_eq!(
            answer["message"],
            "You are not allowed to perform this action."
        );
        assert_eq!(answer["detail"], detail);
    }
    // Nothing changed and nothing was recorded as done.
    assert_eq!(app.me(&r.member).await["staff_role"], Value::Null);
    assert!(audit_of(&app, &r.admin, r.member_id).await.is_empty());
    assert!(audit_of(&app, &r.admin, admin_id).await.is_empty());
    let (status, _) = app.get_json_as(&r.admin, "/api/me").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_account_view_says_what_the_caller_may_do() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let admin_id = app.me(&r.admin).await["id"].as_i64().unwrap();
    let can = |body: &Value| {
        let d = &body["data"];
        (
            d["can_switch_state"].as_bool().unwrap(),
            d["can_set_role"].as_bool().unwrap(),
            d["can_reset_two_factor"].as_bool().unwrap(),
        )
    };
    let view = |token: String, id: i64| {
        let app = &app;
        async move {
            app.get_json_as(&token, &format!("/api/staff/users/{id}"))
                .await
                .1
        }
    };
    // A moderator: members only, and never roles or two-factor.
    assert_eq!(
        can(&view(r.moderator.clone(), r.member_id).await),
        (true, false, false)
    );
    assert_eq!(
        can(&view(r.moderator.clone(), admin_id).await),
        (false, false, false)
    );
    assert_eq!(
        can(&view(r.moderator.clone(), r.moderator_id).await),
        (false, false, false)
    );
    // An admin: everyone but their own state and role.
    assert_eq!(
        can(&view(r.admin.clone(), r.moderator_id).await),
        (true, true, true)
    );
    assert_eq!(
        can(&view(r.admin.clone(), admin_id).await),
        (false, false, true)
    );
}

#[tokio::test]
async fn admins_grant_and_revoke_roles_but_not_their_own() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let admin_id = app.me(&r.admin).await["id"].as_i64().unwrap();
    let path = format!("/api/staff/users/{}/role", r.member_id);
    let (status, body) = app
        .put_json_as(
            &r.admin,
            &path,
            &json!({"staff_role": "moderator", "reason": "Joins the team"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"], "The staff role has been saved.");
    // The member's existing session now opens the console.
    let (status, _) = app.get_json_as(&r.member, "/api/staff/users").await;
    assert_eq!(status, 200);
    assert_eq!(app.me(&r.member).await["staff_role"], "moderator");
    assert_eq!(
        app.me(&r.member).await["can_create_accounts"],
        false,
        "moderators do not add accounts"
    );
    assert_eq!(app.me(&r.admin).await["can_create_accounts"], true);

    let (status, _) = app
        .put_json_as(&r.admin, &path, &json!({"staff_role": null}))
        .await;
    assert_eq!(status, 200);
    let (status, _) = app.get_json_as(&r.member, "/api/staff/users").await;
    assert_eq!(status, 404);
    let history = audit_of(&app, &r.admin, r.member_id).await;
    assert_eq!(history[0]["action"], "user.revoke_role");
    assert_eq!(history[0]["before"]["staff_role"], "moderator");
    assert_eq!(history[0]["after"]["staff_role"], Value::Null);
    assert_eq!(history[1]["action"], "user.grant_role");
    assert_eq!(history[1]["reason"], "Joins the team");
    assert_eq!(history[1]["actor_id"], admin_id);

    let (status, body) = app
        .put_json_as(
            &r.admin,
            &format!("/api/staff/users/{admin_id}/role"),
            &json!({"staff_role": null}),
        )
        .await;
    assert_eq!(status, 403);
    assert_eq!(body["detail"], "You cannot do this to your own account.");
    let (status, body) = app
        .put_json_as(&r.admin, &path, &json!({"staff_role": "owner"}))
        .await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn staff_resend_a_confirmation_only_to_unconfirmed_accounts() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    app.post_json(
        "/api/register",
        &json!({"name": "Late Confirmer", "email": "late@example.org", "password": "a long passphrase", "captcha": "x"}),
    )
    .await;
    let first = app.last_mail_to("late@example.org").await;
    let (_, body) = app
        .get_json_as(&r.moderator, "/api/staff/users?search=late@")
        .await;
    let id = body["data"][0]["id"].as_i64().unwrap();
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            &format!("/api/staff/users/{id}/resend-confirmation"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let second = app.last_mail_to("late@example.org").await;
    assert_ne!(first.text, second.text, "a fresh link was mailed");
    assert_eq!(
        audit_of(&app, &r.admin, id).await[0]["action"],
        "user.resend_confirmation"
    );

    let (status, _) = app
        .post_json_as(
            &r.moderator,
            &format!("/api/staff/users/{}/resend-confirmation", r.member_id),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn an_admin_resets_a_members_two_factor() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let (_, setup) = app.get_json_as(&r.member, "/api/otp-totp").await;
    let secret = setup["data"]["secret"].as_str().unwrap();
    let totp = totp_rs::Builder::new()
        .with_secret(totp_rs::Secret::try_from_base32(secret).unwrap())
        .with_account_name("member@example.org")
        .build()
        .unwrap();
    let (status, body) = app
        .put_json_as(
            &r.member,
            "/api/otp-totp",
            &json!({"token": totp.generate(now()).to_string(), "current_password": "member password 1"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let login = json!({"email": "member@example.org", "password": "member password 1"});
    let (_, body) = app.post_json("/api/login", &login).await;
    assert!(body["data"]["access"].is_null(), "a code is needed");
    let (_, body) = app
        .get_json_as(&r.admin, &format!("/api/staff/users/{}", r.member_id))
        .await;
    assert_eq!(body["data"]["two_factor_enabled"], true);

    let path = format!("/api/staff/users/{}/reset-two-factor", r.member_id);
    let (status, body) = app
        .post_json_as(
            &r.admin,
            &path,
            &json!({"reason": "Lost phone, identity checked"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = app.post_json("/api/login", &login).await;
    assert!(body["data"]["access"].is_string(), "{body}");
    let (status, body) = app.post_json_as(&r.admin, &path, &json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "This account does not use two-factor authentication."
    );
}

#[tokio::test]
async fn an_admin_adds_an_account_whose_owner_chooses_the_password_from_the_mail() {
    let app = spawn_app().await;
    let Roles {
        moderator, admin, ..
    } = roles(&app).await;
    let new = json!({"name": "Ada Lovelace", "email": "Ada.L@example.org"});
    let (status, _) = app.post_json_as(&moderator, "/api/staff/users", &new).await;
    assert_eq!(status, 403, "admins only");
    let (status, body) = app.post_json_as(&admin, "/api/staff/users", &new).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["email"], "ada.l@example.org");
    assert_eq!(body["data"]["state"], "unconfirmed");
    let (status, body) = app.post_json_as(&admin, "/api/staff/users", &new).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["email"],
        json!(["A user with this email already exists."])
    );

    let mail = app.last_mail_to("ada.l@example.org").await;
    assert_eq!(mail.subject, "Your Cohort account is ready");
    let token = testkit::query_param(&mail.text, "token").unwrap();
    let (status, _) = app
        .post_json("/api/set-password/validate-token", &json!({"token": token}))
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .post_json(
            "/api/set-password",
            &json!({"token": token, "new_password": "analytical engine", "confirm_password": "analytical engine"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .post_json(
            "/api/login",
            &json!({"email": "ada.l@example.org", "password": "analytical engine"}),
        )
        .await;
    assert_eq!(status, 200, "the link proved the address: {body}");
}
