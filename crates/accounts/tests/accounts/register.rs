use serde_json::{Value, json};
use testkit::{query_param, spawn_app, spawn_app_with};

fn payload(email: &str) -> Value {
    json!({
        "name": "Grace Hopper",
        "email": email,
        "password": "a long passphrase",
        "looking_for": ["interested_in_collaboration"],
        "tags": ["CLINICAL_RESEARCHER"],
        "area_of_interest": [],
        "captcha": "ignored while the captcha is off",
    })
}

#[tokio::test]
async fn register_confirm_from_the_mailbox_and_sign_in() {
    let app = spawn_app().await;
    let mut body = payload("grace@example.org");
    body["redirect_to"] = json!("/working-groups/stroke");
    let (status, answer) = app.post_json("/api/register", &body).await;
    assert_eq!(status, 201, "{answer}");
    assert!(
        answer["data"]["message"]
            .as_str()
            .unwrap()
            .contains("check your email")
    );
    assert!(answer["data"]["sms_confirm_token"].is_null());

    // Not confirmed yet: sign-in says so.
    let (status, login) = app
        .post_json(
            "/api/login",
            &json!({"email": "grace@example.org", "password": "a long passphrase"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(login["message"], "Please confirm your email address");
    assert_eq!(login["detail"], "not confirmed user");

    let mail = app.last_mail_to("grace@example.org").await;
    assert!(mail.text.contains("/confirm-user?token="), "{}", mail.text);
    assert!(mail.text.contains("redirect_to=%2Fworking-groups%2Fstroke"));
    let token = query_param(&mail.text, "token").unwrap();

    let (status, confirmed) = app
        .post_json("/api/confirm-user", &json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(
        confirmed["data"]["message"],
        "Your email has been successfully verified."
    );
    assert_eq!(confirmed["data"]["redirect_to"], "/working-groups/stroke");
    let access = confirmed["data"]["access"].as_str().unwrap();
    let me = app
        .client
        .get(app.url("/api/me"))
        .bearer_auth(access)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status().as_u16(), 200);

    // The link works once.
    let (status, again) = app
        .post_json("/api/confirm-user", &json!({"token": token}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(again["message"], "Invalid or expired confirmation code.");
    // A link without its code says the same (issue 43, item 13: it said "Invalid input.").
    for empty in [json!({"token": ""}), json!({})] {
        let (status, body) = app.post_json("/api/confirm-user", &empty).await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"], "Invalid or expired confirmation code.",
            "{empty}"
        );
    }

    let (status, _) = app
        .post_json(
            "/api/login",
            &json!({"email": "grace@example.org", "password": "a long passphrase"}),
        )
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_taken_email_gets_the_same_answer_and_a_notice() {
    let app = spawn_app().await;
    let (first, _) = app
        .post_json("/api/register", &payload("dup@example.org"))
        .await;
    let (second, answer) = app
        .post_json("/api/register", &payload("DUP@example.org"))
        .await;
    assert_eq!((first, second), (201, 201));
    assert!(answer["data"]["message"].is_string());
    let mail = app.last_mail_to("dup@example.org").await;
    assert_eq!(mail.subject, "You already have a Cohort account");
}

#[tokio::test]
async fn validation_uses_the_spec_texts() {
    let app = spawn_app().await;
    let (status, body) = app
        .post_json(
            "/api/register",
            &json!({"name": "", "email": "not-an-email", "password": "short"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["name"], json!(["Required"]));
    assert_eq!(body["messages"]["email"], json!(["Invalid email"]));
    assert_eq!(
        body["messages"]["password"],
        json!(["This password is too short. It must contain at least 8 characters."])
    );

    // The optional affiliation fields: blank is left out, anything else must be well formed.
    let mut affiliated = payload("aff@example.org");
    affiliated["university_affiliate_email"] = json!("not-an-email");
    affiliated["university_profile_page_url"] = json!("javascript:alert(1)");
    let (status, body) = app.post_json("/api/register", &affiliated).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["university_affiliate_email"],
        json!(["Invalid email"])
    );
    assert_eq!(
        body["messages"]["university_profile_page_url"],
        json!(["Enter a valid URL."])
    );
    affiliated["university_affiliate_email"] = json!("  ");
    affiliated["university_profile_page_url"] = json!("");
    let (status, body) = app.post_json("/api/register", &affiliated).await;
    assert_eq!(status, 201, "blank optional fields are left out: {body}");

    let mut common = payload("c@example.org");
    common["password"] = json!("password123");
    let (status, body) = app.post_json("/api/register", &common).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["password"],
        json!(["This password is too common."])
    );

    let mut creator = payload("creator@example.org");
    creator["is_project_creator"] = json!(true);
    creator["looking_for"] = json!(["looking_for_funding"]);
    let (status, body) = app.post_json("/api/register", &creator).await;
    assert_eq!(status, 400);
    for field in [
        "gender",
        "age_group",
        "career_stage",
        "affiliation",
        "university_affiliate_email",
        "university_profile_page_url",
    ] {
        assert_eq!(body["messages"][field], json!(["Required"]), "{field}");
    }

    let mut tags = payload("tags@example.org");
    tags["tags"] = json!(["MEDICAL_DOCTOR", "CAREGIVER", "SURVIVOR"]);
    let (status, body) = app.post_json("/api/register", &tags).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["tags"], json!(["Select at most 2 tags."]));

    let mut unknown = payload("enum@example.org");
    unknown["gender"] = json!("robot");
    let (status, body) = app.post_json("/api/register", &unknown).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid")));

    let mut redirect = payload("r@example.org");
    redirect["redirect_to"] = json!("https://evil.example");
    let (status, body) = app.post_json("/api/register", &redirect).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["redirect_to"],
        json!(["Invalid redirect."])
    );
}

#[tokio::test]
async fn the_captcha_rejects_missing_forged_and_reused_solutions() {
    let app = spawn_app_with(|config| {
        config.captcha = true;
        config.captcha_difficulty = 8;
    })
    .await;
    let (_, challenge) = app.get_json("/api/captcha").await;
    let challenge: kernel::captcha::CaptchaChallenge =
        serde_json::from_value(challenge["data"].clone()).unwrap();
    assert!(challenge.enabled);

    let mut body = payload("bot@example.org");
    body.as_object_mut().unwrap().remove("captcha");
    let (status, answer) = app.post_json("/api/register", &body).await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["messages"]["captcha"],
        json!([kernel::captcha::MISSING])
    );

    body["captcha"] = json!(format!("{}:12345", challenge.challenge.replace('.', ".x")));
    let (status, answer) = app.post_json("/api/register", &body).await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["messages"]["captcha"],
        json!([kernel::captcha::INVALID])
    );

    body["captcha"] = json!(captcha::solve(&challenge));
    let (status, _) = app.post_json("/api/register", &body).await;
    assert_eq!(status, 201);

    body["email"] = json!("bot2@example.org");
    let (status, answer) = app.post_json("/api/register", &body).await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["messages"]["captcha"],
        json!([kernel::captcha::REUSED])
    );
}

#[tokio::test]
async fn sign_up_is_rate_limited_per_address() {
    let app = spawn_app_with(|config| {
        config.rate_limits = true;
        config.rate_limit_per_minute = 10;
    })
    .await;
    for n in 0..10 {
        let (status, _) = app
            .post_json("/api/register", &payload(&format!("u{n}@example.org")))
            .await;
        assert_eq!(status, 201);
    }
    let (status, body) = app
        .post_json("/api/register", &payload("u10@example.org"))
        .await;
    assert_eq!(status, 429);
    // It says how long to wait.
    let message = body["message"].as_str().unwrap();
    assert!(
        message.starts_with("Too many requests. Please try again in "),
        "{message}"
    );
}

#[tokio::test]
async fn tags_are_listed() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/tags").await;
    assert_eq!(status, 200);
    let titles: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert!(titles.contains(&"Stroke"));
    assert!(titles.windows(2).all(|w| w[0] <= w[1]), "alphabetical");
}

/// Sign-ups and confirmations arriving together (a launch, a class signing up at once)
/// all succeed: a write transaction waits for another rather than failing with "database
/// is locked".
#[tokio::test]
async fn many_members_signing_up_at_once_all_succeed() {
    let app = spawn_app().await;
    let emails: Vec<String> = (0..10).map(|i| format!("crowd{i}@example.org")).collect();
    let tokens = futures_util::future::join_all(
        emails
            .iter()
            .map(|email| app.signed_in_user(email, "a long passphrase")),
    )
    .await;
    assert_eq!(tokens.len(), 10);
    for (token, email) in tokens.iter().zip(&emails) {
        assert_eq!(app.me(token).await["email"], email.as_str());
    }
}

/// Issue 43, item 7: a university address given at sign-up was never mailed (Affiliations
/// said "Please, confirm the affiliation email" until Resend was pressed). Signing up mails
/// both the account's confirmation and the university address's.
#[tokio::test]
async fn a_university_address_given_at_sign_up_is_mailed_its_confirmation() {
    let app = spawn_app().await;
    let mut body = payload("ada@example.org");
    body["is_project_creator"] = json!(true);
    body["looking_for"] = json!(["looking_for_funding"]);
    body["gender"] = json!("female");
    body["age_group"] = json!("30_to_39");
    body["career_stage"] = json!("early_career_researcher");
    body["affiliation"] = json!("University of London");
    body["university_affiliate_email"] = json!("Ada@London.example.ac.uk");
    body["university_profile_page_url"] = json!("https://london.example.ac.uk/ada");
    let (status, answer) = app.post_json("/api/register", &body).await;
    assert_eq!(status, 201, "{answer}");

    let account = app.last_mail_to("ada@example.org").await;
    let confirm = query_param(&account.text, "token").unwrap();
    let (status, confirmed) = app
        .post_json("/api/confirm-user", &json!({"token": confirm}))
        .await;
    assert_eq!(status, 200, "{confirmed}");
    let session = confirmed["data"]["access"].as_str().unwrap().to_owned();

    let university = app.last_mail_to("ada@london.example.ac.uk").await;
    assert_eq!(
        university.subject,
        "Confirm your university e-mail for Cohort"
    );
    let token = query_param(&university.text, "token").unwrap();
    let (status, _) = app
        .post_json("/api/me/confirm-university-email", &json!({"token": token}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(app.me(&session).await["university_email_confirmed"], true);
}
