//! Issue 23 §3: e-mail digests: gathered per member and frequency, sent once at the
//! member's local morning, unsubscribed from in one click.

use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, setup};

use feed::service::{digests, outbox};
use kernel::time_zones::{next_morning, parse};

const PASSWORD: &str = "analytical 1843";
const OWNER: &str = "ada@example.org";

/// The owner's choice for join requests.
async fn join_requests(app: &TestApp, token: &str) -> Value {
    let (_, settings) = app
        .get_json_as(token, "/api/me/notification-settings")
        .await;
    settings["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "join_request_received")
        .unwrap()
        .clone()
}

async fn ask_to_join(app: &TestApp, slug: &str, email: &str) {
    let asker = app.signed_in_user(email, PASSWORD).await;
    let (status, body) = app
        .post_json_as(
            &asker,
            &format!("/api/groups/{slug}/join-requests"),
            &json!({"message": "Hi"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}

/// The outbox's digest rows to the owner: (subject, unsubscribe address).
/// The mail to the owner with this subject in the dev mailbox.
async fn mailed(app: &TestApp, subject: &str) -> mail::dev_mailbox::MailMessage {
    let params = kernel::PageParams {
        page: Some(1),
        per_page: Some(100),
    };
    mail::dev_mailbox::DevMailbox::of(&app.ctx)
        .unwrap()
        .list(&params)
        .await
        .unwrap()
        .data
        .into_iter()
        .find(|m| m.to == OWNER && m.subject == subject)
        .unwrap_or_else(|| panic!("no mail \"{subject}\" to {OWNER}"))
}

async fn digests_queued(app: &TestApp) -> Vec<(String, String)> {
    use sea_orm::{ConnectionTrait, Statement};
    let backend = app.ctx.db.get_database_backend();
    let sql = if backend == sea_orm::DatabaseBackend::Postgres {
        "SELECT subject, unsubscribe_url FROM email_outbox WHERE to_email = $1 AND subject LIKE '%digest%' ORDER BY id"
    } else {
        "SELECT subject, unsubscribe_url FROM email_outbox WHERE to_email = ? AND subject LIKE '%digest%' ORDER BY id"
    };
    app.ctx
        .db
        .query_all_raw(Statement::from_sql_and_values(backend, sql, [OWNER.into()]))
        .await
        .unwrap()
        .into_iter()
        .map(|row| {
            (
                row.try_get::<String>("", "subject").unwrap(),
                row.try_get::<String>("", "unsubscribe_url").unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_daily_digest_gathers_notices_and_goes_out_once_at_the_local_morning() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Digested", &["stroke"]).await;
    let (status, body) = app
        .put_json_as(
            &owner,
            "/api/me/notification-settings-update",
            &json!({"settings": [{"id": "join_request_received", "enabled_delivery_methods": ["in_app", "email"], "email_frequency": "daily"}]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        join_requests(&app, &owner).await["email_frequency"],
        "daily"
    );
    let (status, body) = app
        .patch_json_as(
            &owner,
            "/api/me",
            &json!({"time_zone": "Asia/Tokyo", "current_password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.me(&owner).await["time_zone"], "Asia/Tokyo");
    let (status, body) = app
        .patch_json_as(
            &owner,
            "/api/me",
            &json!({"time_zone": "Mars/Olympus", "current_password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["time_zone"],
        json!(["Choose a time zone from the list."])
    );

    let mailed_before = outbox::rows_to(&app.ctx, OWNER).await.unwrap().len();
    ask_to_join(&app, &slug, "bo@example.org").await;
    ask_to_join(&app, &slug, "cy@example.org").await;
    // In the app at once; by e-mail nothing yet.
    let (_, notes) = app.get_json_as(&owner, "/api/me/notifications").await;
    assert_eq!(notes["data"][0]["title"], "New join request");
    assert_eq!(
        outbox::rows_to(&app.ctx, OWNER).await.unwrap().len(),
        mailed_before
    );

    let tokyo = parse("Asia/Tokyo").unwrap();
    let morning = next_morning(kernel::clock::now(), tokyo, false);
    let minute = chrono::Duration::minutes(1);
    assert_eq!(
        digests::send_due(&app.ctx, morning - minute).await.unwrap(),
        0
    );
    assert_eq!(digests::send_due(&app.ctx, morning).await.unwrap(), 1);
    assert_eq!(
        digests::send_due(&app.ctx, morning + minute).await.unwrap(),
        0,
        "never twice"
    );
    let queued = digests_queued(&app).await;
    assert_eq!(queued.len(), 1);
    assert_eq!(queued[0].0, "Your daily Cohort digest: 2 new notifications");

    outbox::process_due(&app.ctx, morning).await.unwrap();
    // The group's approval may go out in the same run: the digest is found by its subject.
    let mail = mailed(&app, "Your daily Cohort digest: 2 new notifications").await;
    assert!(mail.text.contains("Join requests (2)"), "{}", mail.text);
    assert_eq!(
        mail.text.matches("asked to join Digested").count(),
        2,
        "{}",
        mail.text
    );
    assert!(
        mail.text.contains(&format!("/working-groups/{slug}")),
        "{}",
        mail.text
    );
    // Its HTML part, as the SMTP mailer renders every message's text.
    let html = mail::html::from_text(&app.ctx.config.public_url, &mail.subject, &mail.text);
    assert!(
        html.contains("Join requests (2)") && html.contains("<a href="),
        "{html}"
    );

    // A later notice waits for the next morning; two workers racing send it once.
    ask_to_join(&app, &slug, "dee@example.org").await;
    let next = next_morning(morning, tokyo, false);
    let (a, b) = tokio::join!(
        digests::send_due(&app.ctx, next),
        digests::send_due(&app.ctx, next)
    );
    assert_eq!(a.unwrap() + b.unwrap(), 1);
    assert_eq!(digests_queued(&app).await.len(), 2);
    assert_eq!(
        digests_queued(&app).await[1].0,
        "Your daily Cohort digest: 1 new notification"
    );

    // The digest's one-click address stops every kind gathered into digests.
    let address = &digests_queued(&app).await[1].1;
    let path = address
        .strip_prefix(app.ctx.config.public_url.trim_end_matches('/'))
        .unwrap();
    let clicked = app
        .client
        .post(app.url(path))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(clicked.status().as_u16(), 200);
    assert_eq!(
        join_requests(&app, &owner).await["enabled_delivery_methods"],
        json!(["in_app"])
    );
}

#[tokio::test]
async fn a_weekly_digest_waits_for_monday_and_instant_mail_is_unchanged() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Weekly", &["stroke"]).await;
    app.put_json_as(
        &owner,
        "/api/me/notification-settings-update",
        &json!({"settings": [{"id": "join_request_received", "enabled_delivery_methods": ["email"], "email_frequency": "weekly"}]}),
    )
    .await;
    ask_to_join(&app, &slug, "bo@example.org").await;
    let monday = next_morning(kernel::clock::now(), kernel::time_zones::Tz::UTC, true);
    let day_before = next_morning(
        monday - chrono::Duration::days(2),
        kernel::time_zones::Tz::UTC,
        false,
    );
    if day_before > kernel::clock::now() {
        assert_eq!(
            digests::send_due(&app.ctx, day_before).await.unwrap(),
            0,
            "not before Monday"
        );
    }
    assert_eq!(digests::send_due(&app.ctx, monday).await.unwrap(), 1);
    assert_eq!(
        digests_queued(&app).await[0].0,
        "Your weekly Cohort digest: 1 new notification"
    );

    // Back to instant: the next request is mailed at once, and no digest waits.
    app.put_json_as(
        &owner,
        "/api/me/notification-settings-update",
        &json!({"settings": [{"id": "join_request_received", "enabled_delivery_methods": ["email"]}]}),
    )
    .await;
    let before = outbox::rows_to(&app.ctx, OWNER).await.unwrap().len();
    ask_to_join(&app, &slug, "cy@example.org").await;
    assert_eq!(
        outbox::rows_to(&app.ctx, OWNER).await.unwrap().len(),
        before + 1
    );
    let far = monday + chrono::Duration::days(30);
    assert_eq!(digests::send_due(&app.ctx, far).await.unwrap(), 0);
}
