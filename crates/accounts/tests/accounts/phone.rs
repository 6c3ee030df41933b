use serde_json::json;
use testkit::{TestApp, spawn_app};

async fn register_with_phone(app: &TestApp) -> String {
    let (status, body) = app
        .post_json(
            "/api/register",
            &json!({"name": "Florence", "email": "flo@example.org", "password": "lamp lady 1854", "phone_number": "+44 20 7946 0958"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["sms_confirm_token"]
        .as_str()
        .expect("an sms_confirm_token")
        .to_owned()
}

#[tokio::test]
async fn a_phone_at_sign_up_is_confirmed_by_sms_which_signs_in() {
    let app = spawn_app().await;
    let token = register_with_phone(&app).await;
    let code = app.last_sms_code_to("+442079460958").await;

    let (status, body) = app
        .post_json(
            "/api/me/confirm-account-sms",
            &json!({"confirmation_code": "000000", "sms_confirm_token": token}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["error"],
        json!(["Invalid or expired confirmation code."])
    );
    assert_eq!(body["message"], "Invalid or expired confirmation code.");
    let (status, body) = app
        .post_json(
            "/api/me/confirm-account-sms",
            &json!({"confirmation_code": "12345", "sms_confirm_token": token}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["confirmation_code"],
        json!(["Enter the 6-digit code"])
    );

    let (status, body) = app
        .post_json(
            "/api/me/confirm-account-sms",
            &json!({"confirmation_code": code, "sms_confirm_token": token}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Your phone number has been successfully confirmed."
    );
    let access = body["data"]["access"].as_str().unwrap();
    let me: serde_json::Value = app
        .client
        .get(app.url("/api/me"))
        .bearer_auth(access)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["data"]["phone_confirmed"], true);
    assert_eq!(me["data"]["phone_number"], "+442079460958");

    let (status, _) = app
        .post_json(
            "/api/me/confirm-account-sms",
            &json!({"confirmation_code": code, "sms_confirm_token": token}),
        )
        .await;
    assert_eq!(status, 400, "a code works once");
}

#[tokio::test]
async fn resending_replaces_the_code_and_guesses_are_limited() {
    let app = spawn_app().await;
    let first = register_with_phone(&app).await;
    let (status, body) = app
        .post_json(
            "/api/me/resend-sms-code",
            &json!({"sms_confirm_token": first}),
        )
        .await;
    assert_eq!(status, 200);
    let second = body["data"]["new_token"].as_str().unwrap().to_owned();
    let (status, _) = app
        .post_json(
            "/api/me/resend-sms-code",
            &json!({"sms_confirm_token": first}),
        )
        .await;
    assert_eq!(status, 400, "the first token is replaced");

    for _ in 0..5 {
        app.post_json(
            "/api/me/confirm-account-sms",
            &json!({"confirmation_code": "999999", "sms_confirm_token": second}),
        )
        .await;
    }
    let code = app.last_sms_code_to("+442079460958").await;
    let (status, _) = app
        .post_json(
            "/api/me/confirm-account-sms",
            &json!({"confirmation_code": code, "sms_confirm_token": second}),
        )
        .await;
    assert_eq!(status, 400, "five wrong guesses end the token");
}

#[tokio::test]
async fn changing_the_phone_needs_the_password() {
    let app = spawn_app().await;
    accounts::create_admin(&app.ctx.db, "ph@example.org", "phone pass 77")
        .await
        .unwrap();
    let (_, login) = app
        .post_json(
            "/api/login",
            &json!({"email": "ph@example.org", "password": "phone pass 77"}),
        )
        .await;
    let session = login["data"]["access"].as_str().unwrap();

    let (status, body) = app
        .post_json_as(
            session,
            "/api/me/phone-confirm-start",
            &json!({"phone_number": "+1 202 555 0143", "current_password": "nope"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["current_password"],
        json!(["The password is incorrect."])
    );
    let (status, body) = app
        .post_json_as(
            session,
            "/api/me/phone-confirm-start",
            &json!({"phone_number": "call me", "current_password": "phone pass 77"}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body["messages"]["phone_number"].is_array());

    let (status, body) = app
        .post_json_as(
            session,
            "/api/me/phone-confirm-start",
            &json!({"phone_number": "+1 202 555 0143", "current_password": "phone pass 77"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"]["message"],
        "A confirmation code has been sent to your phone."
    );
    let token = body["data"]["new_token"].as_str().unwrap();
    let code = app.last_sms_code_to("+12025550143").await;
    let (status, body) = app
        .post_json(
            "/api/me/confirm-account-sms",
            &json!({"confirmation_code": code, "sms_confirm_token": token}),
        )
        .await;
    assert_eq!(status, 200);
    assert!(
        body["data"]["access"].is_null(),
        "a phone change does not start a new session"
    );

    let staff = app
        .signed_in_staff("ops@example.org", "staff password 1")
        .await;
    let (status, outbox) = app.get_json_as(&staff, "/api/dev/outbox").await;
    assert_eq!(status, 200);
    assert_eq!(outbox["pagination"]["count"], 1);
}
