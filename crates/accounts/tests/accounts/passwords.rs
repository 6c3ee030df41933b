use accounts::service::tokens::{self, Purpose};
use serde_json::json;
use testkit::{TestApp, query_param, spawn_app};

async fn member(app: &TestApp) -> String {
    accounts::create_admin(&app.ctx.db, "kate@example.org", "old password 1")
        .await
        .unwrap();
    let (_, body) = app
        .post_json(
            "/api/login",
            &json!({"email": "kate@example.org", "password": "old password 1"}),
        )
        .await;
    body["data"]["access"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn forgot_then_reset_ends_every_session_and_the_link_works_once() {
    let app = spawn_app().await;
    let old_session = member(&app).await;

    let (status, body) = app
        .post_json(
            "/api/forgot-password",
            &json!({"email": "Kate@example.org"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"]["message"],
        "Success. Please check your email (including your spam folder)."
    );
    let mail = app.last_mail_to("kate@example.org").await;
    assert!(mail.text.contains("/forgot-password/confirm?token="));
    let token = query_param(&mail.text, "token").unwrap();

    let (status, _) = app
        .post_json(
            "/api/forgot-password/validate-token",
            &json!({"token": token}),
        )
        .await;
    assert_eq!(status, 200);

    let (status, body) = app
        .post_json(
            "/api/forgot-password/confirm",
            &json!({"token": token, "password": "short"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["password"],
        json!(["This password is too short. It must contain at least 8 characters."])
    );

    let (status, body) = app
        .post_json(
            "/api/forgot-password/confirm",
            &json!({"token": token, "password": "new password 2"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Your password has been successfully updated."
    );

    let me = app
        .client
        .get(app.url("/api/me"))
        .bearer_auth(&old_session)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status().as_u16(), 401, "a reset signs out every session");

    let (status, body) = app
        .post_json(
            "/api/forgot-password/confirm",
            &json!({"token": token, "password": "third password 3"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "Invalid or expired token.");
    let (status, _) = app
        .post_json(
            "/api/forgot-password/validate-token",
            &json!({"token": token}),
        )
        .await;
    assert_eq!(status, 400, "a spent link no longer validates");

    let (status, _) = app
        .post_json(
            "/api/login",
            &json!({"email": "kate@example.org", "password": "new password 2"}),
        )
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn an_unknown_address_gets_the_same_answer_and_no_mail() {
    let app = spawn_app().await;
    let (status, body) = app
        .post_json(
            "/api/forgot-password",
            &json!({"email": "ghost@example.org"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"]["message"],
        "Success. Please check your email (including your spam folder)."
    );
    let staff = app
        .signed_in_staff("ops@example.org", "staff password 1")
        .await;
    let (_, mailbox) = app.get_json_as(&staff, "/api/dev/mailbox").await;
    assert_eq!(mailbox["pagination"]["count"], 0);

    let (status, body) = app
        .post_json("/api/forgot-password", &json!({"email": ""}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["email"], json!(["Required"]));
    let (_, body) = app
        .post_json("/api/forgot-password", &json!({"email": "nope"}))
        .await;
    assert_eq!(body["messages"]["email"], json!(["Invalid email"]));
}

#[tokio::test]
async fn set_password_checks_the_match_then_sets_it() {
    let app = spawn_app().await;
    member(&app).await;
    let id = accounts::service::me::id_by_email(&app.ctx.db, "kate@example.org")
        .await
        .unwrap()
        .unwrap();
    let token = tokens::issue(&app.ctx.db, id, Purpose::SetPassword, None)
        .await
        .unwrap();

    let (status, body) = app
        .post_json(
            "/api/set-password",
            &json!({"token": token, "new_password": "brand new pass", "confirm_password": "different pass"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["confirm_password"],
        json!(["Passwords don't match"])
    );

    let (status, body) = app
        .post_json(
            "/api/set-password",
            &json!({"token": token, "new_password": "password1", "confirm_password": "password1"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["new_password"],
        json!(["This password is too common."])
    );

    let (status, _) = app
        .post_json(
            "/api/set-password",
            &json!({"token": token, "new_password": "brand new pass", "confirm_password": "brand new pass"}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .post_json(
            "/api/login",
            &json!({"email": "kate@example.org", "password": "brand new pass"}),
        )
        .await;
    assert_eq!(status, 200);

    // A reset token is not a set-password token.
    let reset = tokens::issue(&app.ctx.db, id, Purpose::ResetPassword, None)
        .await
        .unwrap();
    let (status, _) = app
        .post_json("/api/set-password", &json!({"token": reset, "new_password": "x brand new", "confirm_password": "x brand new"}))
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_reset_link_expires_after_two_hours() {
    let app = spawn_app().await;
    member(&app).await;
    let ask = || async {
        app.post_json(
            "/api/forgot-password",
            &json!({"email": "kate@example.org"}),
        )
        .await;
        let mail = app.last_mail_to("kate@example.org").await;
        query_param(&mail.text, "token").unwrap()
    };
    let validates = |token: String| {
        let app = &app;
        async move {
            app.post_json(
                "/api/forgot-password/validate-token",
                &json!({"token": token}),
            )
            .await
        }
    };

    let token = ask().await;
    app.advance(chrono::Duration::minutes(119));
    assert_eq!(validates(token.clone()).await.0, 200, "valid for two hours");
    app.advance(chrono::Duration::minutes(2));
    let (status, body) = validates(token.clone()).await;
    assert_eq!(status, 400, "expired after two hours");
    assert_eq!(body["message"], "Invalid or expired token.");
    let (status, _) = app
        .post_json(
            "/api/forgot-password/confirm",
            &json!({"token": token, "password": "new password 2"}),
        )
        .await;
    assert_eq!(status, 400, "an expired link changes nothing");
}
