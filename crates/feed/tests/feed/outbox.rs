use chrono::Duration;
use feed::enums::OutboxStatus;
use feed::service::outbox::{self, MAX_ATTEMPTS};
use kernel::mail::Email;
use testkit::smtp::{SmtpServer, free_port};

fn email(to: &str) -> Email {
    Email {
        to: to.to_owned(),
        subject: "New join request".into(),
        text: "Someone asked to join.".into(),
        html: None,
        unsubscribe: None,
    }
}

#[tokio::test]
async fn queued_mail_survives_an_smtp_outage_and_is_sent_once() {
    let port = free_port();
    let app = testkit::spawn_app_with(|config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        config.mail_worker = false;
    })
    .await;
    let ctx = app.ctx.clone();
    feed::service::outbox::queue(&ctx.db, email("ada@example.org"))
        .await
        .unwrap();

    // The server is down: the row stays, with one attempt and a later retry.
    let now = kernel::clock::now();
    assert_eq!(outbox::process_due(&ctx, now).await.unwrap(), 0);
    assert_eq!(
        outbox::rows_to(&ctx, "ada@example.org").await.unwrap(),
        [(OutboxStatus::Pending, 1)]
    );
    // Not due again before its backoff.
    assert_eq!(
        outbox::process_due(&ctx, now + Duration::seconds(5))
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        outbox::rows_to(&ctx, "ada@example.org").await.unwrap(),
        [(OutboxStatus::Pending, 1)]
    );

    // The server is back: the next round sends it, and no later round sends it again.
    let sink = SmtpServer::start(port).await;
    let later = now + Duration::minutes(2);
    assert_eq!(outbox::process_due(&ctx, later).await.unwrap(), 1);
    assert_eq!(
        outbox::process_due(&ctx, later + Duration::hours(1))
            .await
            .unwrap(),
        0
    );
    assert_eq!(sink.received().len(), 1);
    let raw = &sink.received()[0];
    assert!(raw.contains("Subject: New join request"));
    // Plain text and an HTML version of it, under the site's name.
    for part in [
        "multipart/alternative",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Type: text/html; charset=utf-8",
        ">Cohort</a>",
    ] {
        assert!(raw.contains(part), "{part} missing from {raw}");
    }
    assert_eq!(
        outbox::rows_to(&ctx, "ada@example.org").await.unwrap(),
        [(OutboxStatus::Sent, 2)]
    );
}

#[tokio::test]
async fn a_restarted_worker_sends_what_a_crashed_one_held_and_gives_up_in_the_end() {
    let port = free_port();
    let app = testkit::spawn_app_with(|config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        config.mail_worker = false;
    })
    .await;
    let ctx = app.ctx.clone();
    feed::service::outbox::queue(&ctx.db, email("bo@example.org"))
        .await
        .unwrap();
    feed::service::outbox::queue(&ctx.db, email("cy@example.org"))
        .await
        .unwrap();

    // A worker that claimed bo's row and crashed before sending: the hold runs out.
    use sea_orm::{ConnectionTrait, Statement};
    let held_until = kernel::clock::now() + Duration::minutes(2);
    ctx.db
        .execute_raw(Statement::from_sql_and_values(
            ctx.db.get_database_backend(),
            if ctx.db.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
                "UPDATE email_outbox SET locked_until = $1 WHERE to_email = $2"
            } else {
                "UPDATE email_outbox SET locked_until = ? WHERE to_email = ?"
            },
            [held_until.into(), "bo@example.org".into()],
        ))
        .await
        .unwrap();
    let sink = SmtpServer::start(port).await;
    // While held, nobody else sends it; once the hold has run out, the restarted worker does.
    assert_eq!(
        outbox::process_due(&ctx, kernel::clock::now())
            .await
            .unwrap(),
        1
    );
    assert_eq!(sink.received().len(), 1);
    assert_eq!(
        outbox::process_due(&ctx, held_until + Duration::seconds(1))
            .await
            .unwrap(),
        1
    );
    assert_eq!(sink.received().len(), 2);
    assert_eq!(
        outbox::process_due(&ctx, held_until + Duration::hours(2))
            .await
            .unwrap(),
        0
    );
    drop(sink);

    // A message that keeps failing is kept, marked failed after the last attempt.
    feed::service::outbox::queue(&ctx.db, email("dee@example.org"))
        .await
        .unwrap();
    let mut at = kernel::clock::now();
    for _ in 0..MAX_ATTEMPTS {
        outbox::process_due(&ctx, at).await.unwrap();
        at += Duration::hours(2);
    }
    assert_eq!(
        outbox::rows_to(&ctx, "dee@example.org").await.unwrap(),
        [(OutboxStatus::Failed, MAX_ATTEMPTS)]
    );
    assert_eq!(outbox::process_due(&ctx, at).await.unwrap(), 0);
}

#[tokio::test]
async fn a_notification_email_unsubscribes_from_its_kind_in_one_click() {
    use sea_orm::{ConnectionTrait, Statement};
    let (app, staff, owner) = testkit::groups::setup().await;
    let (_, slug) =
        testkit::groups::approved_group(&app, &owner, &staff, "Unsubscribing", &["stroke"]).await;
    let asker = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    testkit::groups::join(&app, &owner, &slug, &asker).await;

    // The owner's "New join request" e-mail was queued with its one-click address.
    let backend = app.ctx.db.get_database_backend();
    let row = app
        .ctx
        .db
        .query_one_raw(Statement::from_sql_and_values(
            backend,
            if backend == sea_orm::DatabaseBackend::Postgres {
                "SELECT unsubscribe_url FROM email_outbox WHERE to_email = $1 AND subject = $2"
            } else {
                "SELECT unsubscribe_url FROM email_outbox WHERE to_email = ? AND subject = ?"
            },
            ["ada@example.org".into(), "New join request".into()],
        ))
        .await
        .unwrap()
        .expect("the owner's notification e-mail");
    let address: String = row.try_get("", "unsubscribe_url").unwrap();
    let path = address
        .strip_prefix(app.ctx.config.public_url.trim_end_matches('/'))
        .expect("an address on this site")
        .to_owned();
    assert!(
        path.starts_with("/api/notifications/unsubscribe?token="),
        "{path}"
    );

    // Sent over SMTP, the message carries it as List-Unsubscribe, one click (RFC 8058).
    let sink = SmtpServer::start(0).await;
    let mailer = mail::smtp::SmtpMailer::new(
        &mail::smtp::SmtpServer {
            url: &format!("smtp://127.0.0.1:{}", sink.port),
            ca_file: None,
            timeout: std::time::Duration::from_secs(30),
        },
        "Cohort <no-reply@cohort.local>",
        &app.ctx.config.public_url,
    )
    .unwrap();
    use kernel::mail::Mailer;
    mailer
        .send(Email {
            unsubscribe: Some(address.clone()),
            ..email("ada@example.org")
        })
        .await
        .unwrap();
    let raw = &sink.received()[0];
    assert!(
        raw.contains(&format!("List-Unsubscribe: <{address}>")),
        "{raw}"
    );
    assert!(
        raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{raw}"
    );

    let join_requests = |settings: &serde_json::Value| {
        settings["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == "join_request_received")
            .unwrap()["enabled_delivery_methods"]
            .clone()
    };
    let (_, before) = app
        .get_json_as(&owner, "/api/me/notification-settings")
        .await;
    assert_eq!(
        join_requests(&before),
        serde_json::json!(["in_app", "email"])
    );
    // The mail client's one POST, without a session.
    let clicked = app
        .client
        .post(app.url(&path))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(clicked.status().as_u16(), 200);
    let body: serde_json::Value = clicked.json().await.unwrap();
    assert_eq!(
        body["data"]["message"],
        "You will no longer receive these e-mails."
    );
    let (_, after) = app
        .get_json_as(&owner, "/api/me/notification-settings")
        .await;
    assert_eq!(join_requests(&after), serde_json::json!(["in_app"]));
    // A token this server did not sign does nothing.
    let forged = path.replacen("token=", "token=9", 1);
    let refused = app.client.post(app.url(&forged)).send().await.unwrap();
    assert_eq!(refused.status().as_u16(), 400);
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["message"], "This unsubscribe link is not valid.");
}

/// Workers running at once (rounds of several instances on one database) claim disjoint
/// rows: on PostgreSQL `FOR UPDATE SKIP LOCKED`, on SQLite one writer at a time. Every
/// e-mail is sent exactly once, whichever worker got it.
#[tokio::test]
async fn workers_running_at_once_send_each_email_once() {
    let sink = SmtpServer::start(0).await;
    let port = sink.port;
    let app = testkit::spawn_app_with(|config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        config.mail_worker = false;
    })
    .await;
    let ctx = app.ctx.clone();
    let addresses: Vec<String> = (0..30).map(|i| format!("member{i}@example.org")).collect();
    for to in &addresses {
        feed::service::outbox::queue(&ctx.db, email(to))
            .await
            .unwrap();
    }
    let now = kernel::clock::now();
    let (first, second, third) = tokio::join!(
        outbox::process_due(&ctx, now),
        outbox::process_due(&ctx, now),
        outbox::process_due(&ctx, now),
    );
    assert_eq!(first.unwrap() + second.unwrap() + third.unwrap(), 30);
    assert_eq!(sink.received().len(), 30);
    for to in &addresses {
        assert_eq!(
            outbox::rows_to(&ctx, to).await.unwrap(),
            [(OutboxStatus::Sent, 1)]
        );
    }
}
