//! Two-factor recovery codes (issue 49, item 1): ten shown when two-factor is turned on,
//! each good once for signing in without the authenticator (the member is told by e-mail),
//! renewed on request (the old set stops working), gone with two-factor.

use serde_json::{Value, json};
use testkit::{TestApp, read, spawn_app};
use totp_rs::{Builder, Secret};

const EMAIL: &str = "lost.phone@example.org";
const PASSWORD: &str = "pass phrase 42";

/// Turns two-factor on for `session`; the recovery codes the answer shows.
async fn two_factor_on(app: &TestApp, session: &str) -> Vec<String> {
    let (status, setup) = app.get_json_as(session, "/api/otp-totp").await;
    assert_eq!(status, 200, "{setup}");
    let secret = setup["data"]["secret"].as_str().unwrap();
    let code = Builder::new()
        .with_secret(Secret::try_from_base32(secret).unwrap())
        .with_account_name(EMAIL)
        .build()
        .unwrap()
        .generate_current()
        .to_string();
    let (status, body) = app
        .put_json_as(
            session,
            "/api/otp-totp",
            &json!({"token": code, "current_password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"], "Otp has been successfully set.");
    codes_of(&body)
}

fn codes_of(body: &Value) -> Vec<String> {
    body["data"]["recovery_codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect()
}

async fn sign_in_with(app: &TestApp, recovery_code: &str) -> (u16, Value) {
    app.post_json(
        "/api/login",
        &json!({"email": EMAIL, "password": PASSWORD, "recovery_code": recovery_code}),
    )
    .await
}

async fn left(app: &TestApp, session: &str) -> u64 {
    let (status, body) = app
        .get_json_as(session, "/api/otp-totp/recovery-codes")
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["left"].as_u64().unwrap()
}

fn refused(status: u16, body: &Value) {
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["recovery_code"],
        json!(["This recovery code is not valid, or was used already."]),
        "{body}"
    );
}

#[tokio::test]
async fn a_recovery_code_signs_in_once_and_tells_the_member() {
    let app = spawn_app().await;
    let session = app.signed_in_user(EMAIL, PASSWORD).await;
    let codes = two_factor_on(&app, &session).await;
    assert_eq!(codes.len(), 10);
    let distinct: std::collections::HashSet<_> = codes.iter().collect();
    assert_eq!(distinct.len(), 10);
    assert!(
        codes
            .iter()
            .all(|c| c.len() == 19 && c.split('-').all(|g| g.len() == 4)),
        "{codes:?}"
    );
    assert_eq!(left(&app, &session).await, 10);

    let (status, body) = sign_in_with(&app, "abcd-efgh-jkmn-pqrs").await;
    refused(status, &body);
    // A code is read however it is typed: case, spaces and dashes do not matter.
    let typed = codes[0].to_uppercase().replace('-', " ");
    let (status, body) = sign_in_with(&app, &typed).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"]["access"].is_string(), "{body}");
    let mail = app.last_mail_to(EMAIL).await;
    assert_eq!(
        mail.subject,
        "A recovery code was used to sign in to Cohort"
    );
    assert!(
        mail.text.contains("You have 9 recovery code(s) left"),
        "{}",
        mail.text
    );
    let (status, body) = sign_in_with(&app, &codes[0]).await;
    refused(status, &body);
    assert_eq!(left(&app, &session).await, 9);

    // One code tried five times at once signs in once.
    let tries = (0..5).map(|_| sign_in_with(&app, &codes[1]));
    let answers = futures_util::future::join_all(tries).await;
    let signed_in = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(signed_in, 1, "{answers:?}");
    assert_eq!(left(&app, &session).await, 8);

    // Without two-factor a recovery code is not asked for, and changes nothing.
    let other = app.signed_in_user("other@example.org", PASSWORD).await;
    assert_eq!(left(&app, &other).await, 0);
    let (status, body) = app
        .post_json(
            "/api/login",
            &json!({"email": "other@example.org", "password": PASSWORD, "recovery_code": codes[2]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"]["access"].is_string(), "{body}");
}

#[tokio::test]
async fn a_new_set_voids_the_old_one_and_turning_two_factor_off_voids_both() {
    let app = spawn_app().await;
    let session = app.signed_in_user(EMAIL, PASSWORD).await;
    let renew = |password: Option<&str>| {
        let body = password.map_or(json!({}), |p| json!({"current_password": p}));
        let session = session.clone();
        let app = &app;
        async move {
            app.post_json_as(&session, "/api/otp-totp/recovery-codes", &body)
                .await
        }
    };
    let (status, body) = renew(Some(PASSWORD)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["message"], "Turn on two-factor authentication first.",
        "{body}"
    );

    let old = two_factor_on(&app, &session).await;
    let (status, body) = renew(None).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["current_password"], json!(["Required"]));
    let (status, body) = renew(Some("wrong")).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["current_password"],
        json!(["The password is incorrect."])
    );
    let (status, body) = renew(Some(PASSWORD)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Here are your new recovery codes. The old ones no longer work."
    );
    let new = codes_of(&body);
    assert_eq!(new.len(), 10);

    // Four new sets asked for at once: one set stands, not forty codes.
    let renewals = (0..4).map(|_| renew(Some(PASSWORD)));
    let answers = futures_util::future::join_all(renewals).await;
    assert!(
        answers.iter().all(|(status, _)| *status == 200),
        "{answers:?}"
    );
    assert_eq!(left(&app, &session).await, 10);
    let fresh: Vec<usize> = answers
        .iter()
        .enumerate()
        .filter(|(_, (_, body))| codes_of(body)[0] != new[0])
        .map(|(i, _)| i)
        .collect();
    assert_eq!(fresh.len(), 4, "each renewal made its own set");
    let mut good = 0;
    for (_, body) in &answers {
        let (status, _) = sign_in_with(&app, &codes_of(body)[0]).await;
        good += usize::from(status == 200);
    }
    assert_eq!(good, 1, "only the last set's codes sign in");
    let (status, body) = sign_in_with(&app, &new[1]).await;
    refused(status, &body);

    // A new set after those: the one below is checked against the old codes.
    let (status, body) = renew(Some(PASSWORD)).await;
    assert_eq!(status, 200, "{body}");
    let new = codes_of(&body);
    let (status, body) = sign_in_with(&app, &old[2]).await;
    refused(status, &body);
    let (status, body) = sign_in_with(&app, &new[2]).await;
    assert_eq!(status, 200, "{body}");

    let response = app
        .client
        .delete(app.url("/api/otp-totp"))
        .bearer_auth(&session)
        .json(&json!({"current_password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(read(response).await.0, 200);
    assert_eq!(left(&app, &session).await, 0);
}
