use serde_json::{Value, json};
use testkit::{TestApp, read, spawn_app};
use totp_rs::{Builder, Secret};

/// The code an authenticator app shows `offset_steps` steps from now.
fn code(secret: &str, offset_steps: i64) -> String {
    let totp = Builder::new()
        .with_secret(Secret::try_from_base32(secret).unwrap())
        .with_account_name("otp@example.org")
        .build()
        .unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    totp.generate(now.saturating_add_signed(offset_steps * 30))
        .to_string()
}

async fn put_totp(app: &TestApp, token: &str, body: &Value) -> (u16, Value) {
    read(
        app.client
            .put(app.url("/api/otp-totp"))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn login(app: &TestApp, extra: Value) -> (u16, Value) {
    let mut body = json!({"email": "otp@example.org", "password": "pass phrase 42"});
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    app.post_json("/api/login", &body).await
}

#[tokio::test]
async fn set_up_sign_in_with_a_code_refuse_replays_and_disable() {
    let app = spawn_app().await;
    let session = app
        .signed_in_user("otp@example.org", "pass phrase 42")
        .await;

    let setup = app
        .client
        .get(app.url("/api/otp-totp"))
        .bearer_auth(&session)
        .send()
        .await
        .unwrap();
    let (status, setup) = read(setup).await;
    assert_eq!(status, 200);
    assert!(
        setup["data"]["qrcode"]
            .as_str()
            .unwrap()
            .starts_with("data:image/png;base64,")
    );
    let secret = setup["data"]["secret"].as_str().unwrap().to_owned();
    // Both codes are taken now: a 30 s step may turn between two requests, and then a code
    // generated later for "the current step" would be a newer one, not the one spent at setup.
    let (setup_code, next) = (code(&secret, 0), code(&secret, 1));

    let (status, body) = put_totp(
        &app,
        &session,
        &json!({"token": "000000", "current_password": "pass phrase 42"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["token"], json!(["Invalid token"]));
    let (status, body) = put_totp(&app, &session, &json!({"token": "12-456"})).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["token"], json!(["Invalid token"]));
    let (status, body) = put_totp(&app, &session, &json!({"token": " "})).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["token"], json!(["Required"]));
    let (status, body) = put_totp(&app, &session, &json!({"token": setup_code})).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["current_password"], json!(["Required"]));
    let (status, body) = put_totp(
        &app,
        &session,
        &json!({"token": setup_code, "current_password": "pass phrase 42"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"], "Otp has been successfully set.");

    // The password alone no longer signs in: the server lists the devices instead.
    let (status, body) = login(&app, json!({})).await;
    assert_eq!(status, 200);
    assert!(body["data"]["access"].is_null());
    let device_id = body["data"]["devices"][0]["device_id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(body["data"]["devices"][0]["confirmed"], true);

    let (status, body) = login(&app, json!({"token": "123456", "device_id": device_id})).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["token"], json!(["Invalid token"]));
    // A code that is not six digits is refused as the request is read, in the form's words
    // (issue 48 §8), and so is a device id longer than any the server hands out.
    for malformed in ["12ab56", "1234567", "12 34"] {
        let (status, body) = login(&app, json!({"token": malformed, "device_id": device_id})).await;
        assert_eq!(status, 400, "{malformed}: {body}");
        assert_eq!(
            body["messages"]["token"],
            json!(["Invalid token"]),
            "{malformed}"
        );
    }
    let long_id = "9".repeat(33);
    let (status, body) = login(&app, json!({"token": "123456", "device_id": long_id})).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["device_id"].as_array().map(Vec::len),
        Some(1),
        "{body}"
    );

    // The setup code's step is spent; the next step's code is accepted once. A spent code
    // is named as such (issue 43, item 13: signing in right after setup said "Invalid token").
    let (status, body) = login(&app, json!({"token": setup_code, "device_id": device_id})).await;
    assert_eq!(
        status, 400,
        "a code already used at setup is refused: {body}"
    );
    assert_eq!(
        body["messages"]["token"],
        json!(["This code was already used — wait for the next one."])
    );
    let (status, body) = login(&app, json!({"token": next, "device_id": device_id})).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"]["access"].is_string());
    let (status, body) = login(&app, json!({"token": next, "device_id": device_id})).await;
    assert_eq!(status, 400, "a replayed code is refused");
    assert_eq!(
        body["messages"]["token"],
        json!(["This code was already used — wait for the next one."])
    );

    let delete = |body: Value| {
        app.client
            .delete(app.url("/api/otp-totp"))
            .bearer_auth(&session)
            .json(&body)
            .send()
    };
    let (status, body) = read(delete(json!({"current_password": "wrong"})).await.unwrap()).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["current_password"],
        json!(["The password is incorrect."])
    );
    let (status, _) = read(
        delete(json!({"current_password": "pass phrase 42"}))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = login(&app, json!({})).await;
    assert_eq!(status, 200);
    assert!(
        body["data"]["access"].is_string(),
        "two-factor is off again"
    );
}
