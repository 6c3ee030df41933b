use chrono::Duration;
use feed::service::outbox::{self, FAILED, MAX_ATTEMPTS, PENDING, SENT};
use kernel::mail::Email;
use testkit::smtp::{SmtpSink, free_port};

fn email(to: &str) -> Email {
    Email {
        to: to.to_owned(),
        subject: "New join request".into(),
        text: "Someone asked to join.".into(),
        html: None,
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
    feed::service::notify::queue(&ctx.db, email("ada@example.org"))
        .await
        .unwrap();

    // The server is down: the row stays, with one attempt and a later retry.
    let now = kernel::clock::now();
    assert_eq!(outbox::process_due(&ctx, now).await.unwrap(), 0);
    assert_eq!(
        outbox::rows_to(&ctx, "ada@example.org").await.unwrap(),
        [(PENDING.to_owned(), 1)]
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
        [(PENDING.to_owned(), 1)]
    );

    // The server is back: the next round sends it, and no later round sends it again.
    let sink = SmtpSink::start(port).await;
    let later = now + Duration::minutes(2);
    assert_eq!(outbox::process_due(&ctx, later).await.unwrap(), 1);
    assert_eq!(
        outbox::process_due(&ctx, later + Duration::hours(1))
            .await
            .unwrap(),
        0
    );
    assert_eq!(sink.received().len(), 1);
    assert!(sink.received()[0].contains("Subject: New join request"));
    assert_eq!(
        outbox::rows_to(&ctx, "ada@example.org").await.unwrap(),
        [(SENT.to_owned(), 2)]
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
    feed::service::notify::queue(&ctx.db, email("bo@example.org"))
        .await
        .unwrap();
    feed::service::notify::queue(&ctx.db, email("cy@example.org"))
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
    let sink = SmtpSink::start(port).await;
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
    feed::service::notify::queue(&ctx.db, email("dee@example.org"))
        .await
        .unwrap();
    let mut at = kernel::clock::now();
    for _ in 0..MAX_ATTEMPTS {
        outbox::process_due(&ctx, at).await.unwrap();
        at += Duration::hours(2);
    }
    assert_eq!(
        outbox::rows_to(&ctx, "dee@example.org").await.unwrap(),
        [(FAILED.to_owned(), MAX_ATTEMPTS)]
    );
    assert_eq!(outbox::process_due(&ctx, at).await.unwrap(), 0);
}
