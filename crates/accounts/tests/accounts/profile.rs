use serde_json::{Value, json};
use testkit::{TestApp, query_param, spawn_app};

async fn patch(app: &TestApp, token: &str, body: &Value) -> (u16, Value) {
    app.patch_json_as(token, "/api/me", body).await
}

#[tokio::test]
async fn me_has_every_user_field_with_the_spec_defaults() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("rita@example.org", "neuron growth 86")
        .await;
    let data = app.me(&token).await;
    for field in [
        "email",
        "name",
        "is_password_set",
        "phone_number",
        "phone_confirmed",
        "email_confirmed",
        "oauth_associations",
        "devices",
        "is_project_creator",
        "affiliation",
        "affiliation_status",
        "affiliation_progress",
        "university_affiliate_email",
        "university_email_confirmed",
        "university_profile_page_url",
        "title",
        "location",
        "website",
        "social",
        "bio",
        "address",
        "avatar",
        "profile_background",
        "profile_is_private",
        "area_of_interest",
        "tags",
        "looking_for",
        "race",
        "gender",
        "age_group",
        "ethnicity",
        "career_stage",
        "pronouns",
        "find_about_by",
        "find_about_by_other_info",
        "role",
        "date_joined",
        "unread_notification_count",
    ] {
        assert!(data.get(field).is_some(), "missing {field}");
    }
    assert_eq!(data["race"], json!(["prefer_not_to_disclose"]));
    assert_eq!(data["gender"], "prefer_not_to_disclose");
    assert_eq!(data["affiliation_status"], "not_approved");
    assert_eq!(data["profile_completion"]["total"], 9);
    assert_eq!(data["profile_completion"]["completed"], 1);
}

#[tokio::test]
async fn saving_the_profile_needs_name_and_password_and_keeps_the_rules() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("rita@example.org", "neuron growth 86")
        .await;
    let (status, body) = patch(&app, &token, &json!({"name": "", "bio": "x"})).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["name"], json!(["Required"]));
    assert_eq!(body["messages"]["current_password"], json!(["Required"]));

    let (status, body) = patch(
        &app,
        &token,
        &json!({"name": "Rita", "current_password": "neuron growth 86", "tags": ["CAREGIVER", "SURVIVOR", "OTHER"]}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["tags"], json!(["Select at most 2 tags."]));

    let (status, body) = patch(
        &app,
        &token,
        &json!({"name": "Rita", "current_password": "wrong"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["current_password"],
        json!(["The password is incorrect."])
    );

    let (status, body) = patch(
        &app,
        &token,
        &json!({"name": "Rita", "current_password": "neuron growth 86", "website": "not a url"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["website"], json!(["Enter a valid URL."]));

    let (status, body) = patch(
        &app,
        &token,
        &json!({"name": "Rita", "current_password": "neuron growth 86", "is_project_creator": true}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["career_stage"], json!(["Required"]));
    assert_eq!(
        app.me(&token).await["name"],
        "Test Member",
        "nothing was saved"
    );

    let (status, body) = patch(
        &app,
        &token,
        &json!({
            "name": "Rita Levi-Montalcini", "current_password": "neuron growth 86", "bio": "Neurobiologist",
            "location": "Italy", "website": "https://rita.example.org", "tags": ["CLINICAL_RESEARCHER"],
            "looking_for": ["want_to_help"], "gender": "female", "pronouns": "SHE"
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Profile has been successfully updated."
    );
    let data = app.me(&token).await;
    assert_eq!(data["name"], "Rita Levi-Montalcini");
    assert_eq!(data["gender"], "female");
    assert_eq!(data["tags"], json!(["CLINICAL_RESEARCHER"]));
    assert_eq!(data["profile_completion"]["completed"], 6);
    assert!(
        !data["profile_completion"]["missing"]
            .as_array()
            .unwrap()
            .contains(&json!("bio"))
    );
}

#[tokio::test]
async fn a_new_email_must_be_confirmed() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("rita@example.org", "neuron growth 86")
        .await;
    let (status, _) = patch(
        &app,
        &token,
        &json!({"name": "Rita", "current_password": "neuron growth 86", "email": "rita.new@example.org"}),
    )
    .await;
    assert_eq!(status, 200);
    let data = app.me(&token).await;
    assert_eq!(data["email"], "rita.new@example.org");
    assert_eq!(data["email_confirmed"], false);
    let mail = app.last_mail_to("rita.new@example.org").await;
    assert_eq!(mail.subject, "Confirm your new e-mail address");
    let told = app.last_mail_to("rita@example.org").await;
    assert_eq!(told.subject, "Your Cohort e-mail address was changed");
    assert!(told.text.contains("rita.new@example.org"));
    let confirm = query_param(&mail.text, "token").unwrap();
    let (status, _) = app
        .post_json("/api/confirm-user", &json!({"token": confirm}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(app.me(&token).await["email_confirmed"], true);
}

#[tokio::test]
async fn changing_the_password_ends_every_other_session() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("rita@example.org", "neuron growth 86")
        .await;
    let (_, other) = app
        .post_json(
            "/api/login",
            &json!({"email": "rita@example.org", "password": "neuron growth 86"}),
        )
        .await;
    let other = other["data"]["access"].as_str().unwrap().to_owned();

    let (status, body) = patch(
        &app,
        &token,
        &json!({"current_password": "neuron growth 86", "new_password": "nerve growth factor", "confirm_new_password": "something else"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["confirm_new_password"],
        json!(["The password don't match"])
    );

    let (status, body) = patch(
        &app,
        &token,
        &json!({"current_password": "neuron growth 86", "new_password": "nerve growth factor", "confirm_new_password": "nerve growth factor"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Password has been successfully changed."
    );
    let this = app
        .client
        .get(app.url("/api/me"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(
        this.status().as_u16(),
        200,
        "the session that changed it stays"
    );
    let gone = app
        .client
        .get(app.url("/api/me"))
        .bearer_auth(&other)
        .send()
        .await
        .unwrap();
    assert_eq!(gone.status().as_u16(), 401, "every other session ends");
    let (status, _) = app
        .post_json(
            "/api/login",
            &json!({"email": "rita@example.org", "password": "nerve growth factor"}),
        )
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_public_profile_shows_details_and_a_private_one_hides_them() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("rita@example.org", "neuron growth 86")
        .await;
    let id = app.me(&token).await["id"].as_i64().unwrap();
    let (status, _) = patch(
        &app,
        &token,
        &json!({"name": "Rita", "current_password": "neuron growth 86", "bio": "Neurobiologist", "location": "Turin"}),
    )
    .await;
    assert_eq!(status, 200);

    let (status, body) = app.get_json(&format!("/api/profile/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["is_private"], false);
    assert_eq!(body["data"]["bio"], "Neurobiologist");
    assert!(body["data"].get("email").is_none(), "never the e-mail");

    let (status, _) = patch(
        &app,
        &token,
        &json!({"name": "Rita", "current_password": "neuron growth 86", "bio": "Neurobiologist", "profile_is_private": true}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, body) = app.get_json(&format!("/api/profile/{id}")).await;
    assert_eq!(body["data"]["is_private"], true);
    assert_eq!(body["data"]["name"], "Rita");
    assert!(body["data"]["bio"].is_null());

    let (status, _) = app.get_json("/api/profile/999999").await;
    assert_eq!(status, 404);
    let (status, _) = app.get_json("/api/profile/not-a-number").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_emptied_website_is_cleared_not_refused() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("rita@example.org", "neuron growth 86")
        .await;
    let save = |website: &'static str| json!({"name": "Rita", "current_password": "neuron growth 86", "website": website, "email": ""});
    let (status, _) = patch(&app, &token, &save("https://rita.example.org")).await;
    assert_eq!(status, 200);
    assert_eq!(app.me(&token).await["website"], "https://rita.example.org");
    let (status, body) = patch(&app, &token, &save("")).await;
    assert_eq!(status, 200, "{body}");
    let me = app.me(&token).await;
    assert_eq!(me["website"], Value::Null);
    assert_eq!(me["email"], "rita@example.org");
}

/// Issue 15, finding 10: `bio`, `title` and `location` were stored raw (`<script>…`), and
/// `javascript:` addresses were accepted.
#[tokio::test]
async fn profile_text_is_stored_as_plain_text_and_addresses_are_http_only() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("ida@example.org", "neuron growth 86")
        .await;
    let (status, body) = patch(
        &app,
        &token,
        &json!({
            "name": "Ida <b>Mann</b>",
            "current_password": "neuron growth 86",
            "bio": "<script>alert(1)</script>Ophthalmologist & <i>embryologist</i>",
            "title": "<img src=x onerror=alert(1)>Professor",
            "location": "Oxford <style>*{}</style>",
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let me = app.me(&token).await;
    assert_eq!(me["name"], "Ida Mann");
    assert_eq!(me["bio"], "Ophthalmologist & embryologist");
    assert_eq!(me["title"], "Professor");
    assert_eq!(me["location"], "Oxford");

    for website in [
        "javascript:alert(1)",
        "//evil.example",
        "/\\evil.example",
        "data:text/html,x",
    ] {
        let (status, body) = patch(
            &app,
            &token,
            &json!({"name": "Ida", "current_password": "neuron growth 86", "website": website}),
        )
        .await;
        assert_eq!(status, 400, "{website}");
        assert_eq!(
            body["messages"]["website"],
            json!(["Enter a valid URL."]),
            "{website}"
        );
    }
}

#[tokio::test]
async fn a_patch_changes_only_the_fields_it_carries() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("rita@example.org", "neuron growth 86")
        .await;
    let (status, body) = patch(
        &app,
        &token,
        &json!({"name": "Rita L", "current_password": "neuron growth 86", "title": "Neurologist", "location": "Turin"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = patch(
        &app,
        &token,
        &json!({"current_password": "neuron growth 86", "bio": "Nerve growth factor."}),
    )
    .await;
    assert_eq!(status, 200, "no name needed: {body}");
    let me = app.me(&token).await;
    assert_eq!(me["name"], "Rita L");
    assert_eq!(me["title"], "Neurologist");
    assert_eq!(me["bio"], "Nerve growth factor.");
    let (status, _) = patch(
        &app,
        &token,
        &json!({"current_password": "neuron growth 86", "location": null}),
    )
    .await;
    assert_eq!(status, 200);
    let me = app.me(&token).await;
    assert!(me["location"].is_null(), "null clears: {me}");
    assert_eq!(me["title"], "Neurologist");
    let (status, body) = patch(
        &app,
        &token,
        &json!({"current_password": "neuron growth 86", "name": ""}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["name"], json!(["Required"]));
}

/// Issue 48 §8: each field of the PATCH is parsed as its kind as the request is read — left
/// out keeps, `null` or blank clears, anything else is checked — and every bad field is
/// answered in one response.
#[tokio::test]
async fn each_field_of_the_patch_is_parsed_as_its_kind() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("rita@example.org", "neuron growth 86")
        .await;
    let long_bio = "n".repeat(5001);
    let (status, body) = patch(
        &app,
        &token,
        &json!({
            "current_password": "neuron growth 86", "bio": long_bio,
            "time_zone": "Mars/Olympus", "website": "ftp://rita.example.org", "email": "not an address",
        }),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["bio"],
        json!(["Ensure this field has no more than 5000 characters."])
    );
    assert_eq!(
        body["messages"]["time_zone"],
        json!(["Choose a time zone from the list."])
    );
    assert_eq!(body["messages"]["website"], json!(["Enter a valid URL."]));
    assert_eq!(body["messages"]["email"], json!(["Must be a valid email"]));

    let (status, body) = patch(
        &app,
        &token,
        &json!({
            "current_password": "neuron growth 86", "time_zone": " Europe/Rome ", "gender": "female",
            "ethnicity": "Italian", "find_about_by_other_info": "  a colleague  ", "race": ["white"],
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let me = app.me(&token).await;
    assert_eq!(me["time_zone"], "Europe/Rome");
    assert_eq!(me["gender"], "female");
    assert_eq!(me["ethnicity"], "Italian");
    assert_eq!(me["find_about_by_other_info"], "a colleague");
    assert_eq!(me["race"], json!(["white"]));

    // `null` or blank clears: UTC, "prefer not to disclose"; an empty race list keeps.
    let (status, body) = patch(
        &app,
        &token,
        &json!({
            "current_password": "neuron growth 86", "time_zone": null, "gender": null,
            "ethnicity": " ", "find_about_by_other_info": "", "race": [],
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let me = app.me(&token).await;
    assert!(me["time_zone"].is_null(), "{me}");
    assert_eq!(me["gender"], "prefer_not_to_disclose");
    assert_eq!(me["ethnicity"], "prefer_not_to_disclose");
    assert!(me["find_about_by_other_info"].is_null(), "{me}");
    assert_eq!(me["race"], json!(["white"]));

    // A name cleared by `null` is refused as an empty one is; a password change with a
    // blank new password is refused, not taken for a profile save.
    let (status, body) = patch(
        &app,
        &token,
        &json!({"current_password": "neuron growth 86", "name": null}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["name"], json!(["Required"]));
    let (status, body) = patch(
        &app,
        &token,
        &json!({"current_password": "neuron growth 86", "new_password": "", "confirm_new_password": ""}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["new_password"],
        json!(["This field is required"])
    );
}
