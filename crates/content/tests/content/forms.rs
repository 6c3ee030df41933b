use serde_json::json;

#[tokio::test]
async fn the_contact_form_checks_stores_and_mails_to_support() {
    let app = testkit::spawn_app().await;
    let (status, body) = app
        .post_json(
            "/api/contact-us",
            &json!({"name": " ", "email": "nope", "text": ""}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["email"], json!(["Must be a valid email"]));
    assert_eq!(body["messages"]["text"], json!(["Required"]));
    // Values of the wrong kind and fields left out are all named in one answer.
    let (status, body) = app
        .post_json("/api/contact-us", &json!({"name": 5, "email": null}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["name"], json!(["Invalid value."]));
    assert_eq!(body["messages"]["email"], json!(["Required"]));
    assert_eq!(body["messages"]["text"], json!(["Required"]));
    let (status, body) = app
        .post_json(
            "/api/contact-us",
            &json!({"name": "  ", "email": "a@b.org", "text": "Hi"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["name"], json!(["Required"]));

    let (status, body) = app
        .post_json(
            "/api/contact-us",
            &json!({"name": "Grace", "email": "grace@example.org", "text": "How do I start a registry?"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Thank you for your message. We will get back to you soon."
    );
    let mail = app.last_mail_to("support@cohort.local").await;
    assert!(
        mail.text.contains("grace@example.org") && mail.text.contains("How do I start a registry?")
    );
}

#[tokio::test]
async fn signing_up_for_updates_is_checked_and_thanked() {
    let app = testkit::spawn_app().await;
    let (status, body) = app
        .post_json(
            "/api/updates-signup",
            &json!({"full_name": "", "email": "x", "message": ""}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["full_name"], json!(["Required"]));
    assert_eq!(body["messages"]["email"], json!(["Must be a valid email"]));
    let (status, body) = app
        .post_json(
            "/api/updates-signup",
            &json!({"full_name": "Ada Lovelace", "email": "ADA@example.org", "message": "Keep me posted", "consent": true}),
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(body["data"]["message"], "Thank you for subscribing!");
}

#[tokio::test]
async fn both_forms_are_rate_limited() {
    let app = testkit::spawn_app_with(|config| {
        config.rate_limits = true;
        config.rate_limit_per_minute = 2;
    })
    .await;
    let message = json!({"name": "Eve", "email": "eve@example.org", "text": "Spam"});
    for _ in 0..2 {
        let (status, _) = app.post_json("/api/contact-us", &message).await;
        assert_eq!(status, 201);
    }
    let (status, body) = app.post_json("/api/contact-us", &message).await;
    assert_eq!(status, 429);
    // It says how long to wait.
    let message = body["message"].as_str().unwrap();
    assert!(
        message.starts_with("Too many requests. Please try again in "),
        "{message}"
    );
    let signup = json!({"full_name": "Eve", "email": "eve@example.org", "message": "Hi"});
    for _ in 0..2 {
        app.post_json("/api/updates-signup", &signup).await;
    }
    let (status, _) = app.post_json("/api/updates-signup", &signup).await;
    assert_eq!(status, 429);
}
