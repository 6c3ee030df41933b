use serde_json::{Value, json};
use testkit::{TestApp, query_param, spawn_app};

async fn put(app: &TestApp, token: &str, body: &Value) -> (u16, Value) {
    app.put_json_as(token, "/api/me/setup-university-email", body)
        .await
}

#[tokio::test]
async fn set_up_an_affiliation_and_confirm_it_from_the_mailbox() {
    let app = spawn_app().await;
    let token = app.signed_in_user("tu@example.org", "malaria 2015 x").await;

    let (status, body) = put(&app, &token, &json!({"affiliation": "", "university_affiliate_email": "nope", "university_profile_page_url": "nope"})).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["affiliation"], json!(["Required"]));
    assert_eq!(
        body["messages"]["university_affiliate_email"],
        json!(["Must be a valid email"])
    );
    assert_eq!(
        body["messages"]["university_profile_page_url"],
        json!(["Enter a valid URL."])
    );

    let (status, body) = put(
        &app,
        &token,
        &json!({"affiliation": "Peking University", "university_affiliate_email": "Tu@PKU.example.edu", "university_profile_page_url": "https://pku.example.edu/tu"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Affiliations has been successfully updated. Please check your email (including your spam folder)."
    );
    let data = app.me(&token).await;
    assert_eq!(data["affiliation"], "Peking University");
    assert_eq!(data["university_email_confirmed"], false);
    assert_eq!(data["affiliation_status"], "not_approved");
    assert_eq!(data["affiliation_progress"], "needs_confirmation");

    let mail = app.last_mail_to("tu@pku.example.edu").await;
    assert!(mail.text.contains("/confirm-university-email?token="));
    let link = query_param(&mail.text, "token").unwrap();
    let (status, _) = app
        .post_json("/api/me/confirm-university-email", &json!({"token": link}))
        .await;
    assert_eq!(status, 200);
    let data = app.me(&token).await;
    assert_eq!(data["university_email_confirmed"], true);
    assert_eq!(
        data["affiliation_progress"], "pending_moderation",
        "staff review it next"
    );
    let (status, body) = app
        .post_json("/api/me/confirm-university-email", &json!({"token": link}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "Invalid or expired token.");
}

#[tokio::test]
async fn personalization_saves_the_modal_answers() {
    let app = spawn_app().await;
    let token = app.signed_in_user("tu@example.org", "malaria 2015 x").await;
    let (status, body) = app
        .post_json_as(
            &token,
            "/api/me/personalization-update",
            &json!({"looking_for": ["want_to_help"], "race": ["asian"], "gender": "female", "age_group": "60_to_older", "career_stage": "senior_staff", "area_of_interest": [1, 2]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let data = app.me(&token).await;
    assert_eq!(data["looking_for"], json!(["want_to_help"]));
    assert_eq!(data["race"], json!(["asian"]));
    assert_eq!(data["age_group"], "60_to_older");
    assert_eq!(data["area_of_interest"], json!([1, 2]));

    let (status, body) = app
        .post_json_as(
            &token,
            "/api/me/personalization-update",
            &json!({"gender": "robot"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "invalid");
}
