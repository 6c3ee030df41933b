use serde_json::{Value, json};
use testkit::{TestApp, query_param, spawn_app};

async fn put_as(app: &TestApp, token: &str, path: &str, body: &Value) -> (u16, Value) {
    app.put_json_as(token, path, body).await
}

async fn get_as(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    app.get_json_as(token, path).await
}

/// A member with an affiliation set up; confirmed from the mailbox when `confirm`.
async fn affiliated_member(app: &TestApp, email: &str, confirm: bool) -> (String, i64) {
    let token = app.signed_in_user(email, "malaria 2015 x").await;
    let university = format!("uni.{email}");
    let (status, _) = put_as(
        app,
        &token,
        "/api/me/setup-university-email",
        &json!({"affiliation": "Peking University", "university_affiliate_email": university, "university_profile_page_url": "https://pku.example.edu/tu"}),
    )
    .await;
    assert_eq!(status, 200);
    if confirm {
        let mail = app.last_mail_to(&university).await;
        let token = query_param(&mail.text, "token").unwrap();
        let (status, _) = app
            .post_json("/api/me/confirm-university-email", &json!({"token": token}))
            .await;
        assert_eq!(status, 200);
    }
    let id = app.me(&token).await["id"].as_i64().unwrap();
    (token, id)
}

#[tokio::test]
async fn staff_approve_a_confirmed_affiliation_and_the_decision_is_audited() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let (member, id) = affiliated_member(&app, "tu@example.org", true).await;
    let (_, unconfirmed_id) = affiliated_member(&app, "li@example.org", false).await;

    let (status, body) = get_as(&app, &staff, "/api/staff/affiliations").await;
    assert_eq!(status, 200, "{body}");
    let pending: Vec<i64> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["id"].as_i64().unwrap())
        .collect();
    assert_eq!(
        pending,
        vec![id],
        "only confirmed, unapproved affiliations wait"
    );
    assert_eq!(
        body["data"][0]["university_affiliate_email"],
        "uni.tu@example.org"
    );

    let (status, body) = put_as(
        &app,
        &staff,
        &format!("/api/staff/affiliations/{unconfirmed_id}"),
        &json!({"affiliation_status": "approved"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "The university email has not been confirmed yet."
    );

    let (status, body) = put_as(
        &app,
        &staff,
        &format!("/api/staff/affiliations/{id}"),
        &json!({"affiliation_status": "approved", "reason": "Profile page checked"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.me(&member).await["affiliation_status"], "approved");
    let (_, body) = get_as(&app, &staff, "/api/staff/affiliations").await;
    assert_eq!(body["data"], json!([]));
    let (_, body) = get_as(&app, &staff, "/api/staff/affiliations?status=approved").await;
    assert_eq!(body["data"][0]["id"], id);

    let (status, body) = get_as(
        &app,
        &staff,
        &format!("/api/staff/affiliations/{id}/history"),
    )
    .await;
    assert_eq!(status, 200);
    let record = &body["data"][0];
    assert_eq!(record["action"], "affiliation.approve");
    assert_eq!(record["reason"], "Profile page checked");
    assert_eq!(record["before"]["affiliation_status"], "not_approved");
    assert_eq!(record["after"]["affiliation_status"], "approved");
    let staff_id = app.me(&staff).await["id"].clone();
    assert_eq!(record["actor_id"], staff_id);
}

#[tokio::test]
async fn members_and_visitors_find_no_staff_endpoints() {
    let app = spawn_app().await;
    let (member, id) = affiliated_member(&app, "tu@example.org", true).await;

    let (status, _) = get_as(&app, &member, "/api/staff/affiliations").await;
    assert_eq!(status, 404);
    let (status, _) = put_as(
        &app,
        &member,
        &format!("/api/staff/affiliations/{id}"),
        &json!({"affiliation_status": "approved"}),
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(app.me(&member).await["affiliation_status"], "not_approved");
    let (status, _) = app.get_json("/api/staff/affiliations").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_rejected_affiliation_leaves_the_queue_and_the_member_is_told_why() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let (member, id) = affiliated_member(&app, "wei@example.org", true).await;
    let (status, body) = put_as(
        &app,
        &staff,
        &format!("/api/staff/affiliations/{id}"),
        &json!({"affiliation_status": "not_approved", "reason": "The profile page does not name you."}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = get_as(&app, &staff, "/api/staff/affiliations").await;
    assert_eq!(body["data"], json!([]), "no longer waiting");
    let (_, body) = get_as(&app, &staff, "/api/staff/affiliations?status=rejected").await;
    assert_eq!(body["data"][0]["id"], id);
    let (_, notes) = get_as(&app, &member, "/api/me/notifications").await;
    let note = &notes["data"][0];
    assert_eq!(note["title"], "Affiliation not approved");
    assert_eq!(
        note["message"],
        "Your university affiliation was not approved: The profile page does not name you."
    );

    // Changing the affiliation puts it back in the queue once confirmed.
    affiliated_member_again(&app, &member).await;
    let (_, body) = get_as(&app, &staff, "/api/staff/affiliations").await;
    assert_eq!(body["data"][0]["id"], id);
}

async fn affiliated_member_again(app: &TestApp, token: &str) {
    let (status, _) = put_as(
        app,
        token,
        "/api/me/setup-university-email",
        &json!({"affiliation": "Peking University Health Science Center", "university_affiliate_email": "wei2@pku.example.edu", "university_profile_page_url": "https://pku.example.edu/wei"}),
    )
    .await;
    assert_eq!(status, 200);
    let mail = app.last_mail_to("wei2@pku.example.edu").await;
    let token = query_param(&mail.text, "token").unwrap();
    let (status, _) = app
        .post_json("/api/me/confirm-university-email", &json!({"token": token}))
        .await;
    assert_eq!(status, 200);
}
