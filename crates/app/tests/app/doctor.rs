//! `cohort doctor` against real services: a mail relay (aiosmtpd with STARTTLS under a private
//! authority and an account) and an S3 store (moto), started on loopback.

use std::process::Output;

use testkit::smtp::{Security, SmtpOptions, SmtpServer};

use crate::cli::cohort;

fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn line_about<'a>(text: &'a str, topic: &str) -> Vec<&'a str> {
    text.lines()
        .filter(|line| line.split_whitespace().nth(1) == Some(topic))
        .collect()
}

#[tokio::test]
async fn doctor_passes_a_sound_deployment_and_names_what_is_unsafe_in_a_broken_one() {
    let relay = SmtpServer::start_with(SmtpOptions {
        security: Security::StartTls,
        auth: Some(("cohort".into(), "relay password 1".into())),
        ..SmtpOptions::default()
    })
    .await;
    let moto = testkit::moto::start().await;
    moto.bucket("cohort-media", "prod").await;
    let data = tempfile::tempdir().unwrap();
    let ca_file = relay.ca_file().unwrap();
    let production = |smtp_url: String| {
        let mut command = cohort(data.path());
        command
            .env("COHORT_PUBLIC_URL", "https://cohort.example.org")
            .env(
                "COHORT_SECRET_KEY",
                "a key of at least thirty-two characters",
            )
            .env("COHORT_SMTP_URL", smtp_url)
            .env("COHORT_SMTP_CA_FILE", &ca_file)
            .env("COHORT_STORAGE_URL", "s3://cohort-media/prod")
            .env("AWS_ENDPOINT_URL", &moto.endpoint)
            .env("AWS_ACCESS_KEY_ID", "testing")
            .env("AWS_SECRET_ACCESS_KEY", "testing")
            .env("COHORT_PAYMENTS", "stripe")
            .env("COHORT_STRIPE_SECRET_KEY", "sk_live_doctor")
            .env("COHORT_STRIPE_PUBLISHABLE_KEY", "pk_live_doctor")
            .env("COHORT_PAYMENTS_WEBHOOK_SECRET", "whsec_doctor");
        command
    };
    let good_relay = relay.url(Some(("cohort", "relay password 1")));

    // Before `cohort migrate` there is no database: unsafe, and the doctor makes none.
    let early = production(good_relay.clone())
        .arg("doctor")
        .output()
        .unwrap();
    let text = said(&early);
    assert_eq!(early.status.code(), Some(1), "{text}");
    assert!(
        line_about(&text, "database")[0].starts_with("UNSAFE"),
        "{text}"
    );
    assert!(text.contains("1 unsafe for production"), "{text}");
    assert!(
        !data.path().join("cohort.db").exists(),
        "doctor made the database"
    );

    let migrated = production(good_relay.clone())
        .arg("migrate")
        .output()
        .unwrap();
    assert!(migrated.status.success(), "{}", said(&migrated));
    let sound = production(good_relay.clone())
        .arg("doctor")
        .output()
        .unwrap();
    let text = said(&sound);
    assert!(sound.status.success(), "{text}");
    assert!(text.contains("Nothing unsafe for production."), "{text}");
    // The services answer (SQLite is advice for one instance, never unsafe).
    for topic in ["mail", "storage", "database"] {
        let lines = line_about(&text, topic);
        assert!(
            lines.iter().any(|line| line.starts_with("ok")),
            "{topic}: {text}"
        );
        assert!(
            !lines.iter().any(|line| line.starts_with("UNSAFE")),
            "{topic}: {text}"
        );
    }
    // Advice for one instance on SQLite, without an SMS provider or a proxy named.
    assert!(line_about(&text, "sms")[0].starts_with("advice"), "{text}");
    // It sent no mail: the relay received nothing.
    assert!(relay.messages().is_empty());

    // Issue 47 §9: the test processor was always unsafe, so a deployment that raises no money
    // could never pass. Accepted knowingly, it is printed as accepted and passes.
    let test_processor = || {
        let mut command = production(good_relay.clone());
        command.env("COHORT_PAYMENTS", "test").arg("doctor");
        command
    };
    let refused = test_processor().output().unwrap();
    let text = said(&refused);
    assert_eq!(refused.status.code(), Some(1), "{text}");
    assert!(
        line_about(&text, "payments")[0].starts_with("UNSAFE"),
        "{text}"
    );
    let accepted = test_processor()
        .args(["--accept", "payments"])
        .output()
        .unwrap();
    let text = said(&accepted);
    assert!(accepted.status.success(), "{text}");
    assert!(
        line_about(&text, "payments")[0].starts_with("accepted"),
        "{text}"
    );
    assert!(
        text.contains("Nothing unsafe for production but what was accepted."),
        "{text}"
    );
    // Only what puts no member at risk can be accepted.
    let mail = test_processor()
        .args(["--accept", "mail"])
        .output()
        .unwrap();
    assert_eq!(mail.status.code(), Some(2), "{}", said(&mail));

    // The wrong relay password and a bucket that does not exist are named.
    let broken = production(relay.url(Some(("cohort", "not it"))))
        .env("COHORT_STORAGE_URL", "s3://no-such-bucket/prod")
        .arg("doctor")
        .output()
        .unwrap();
    let text = said(&broken);
    assert_eq!(broken.status.code(), Some(1), "{text}");
    assert!(
        line_about(&text, "mail")
            .iter()
            .any(|line| line.starts_with("UNSAFE")),
        "{text}"
    );
    assert!(
        line_about(&text, "storage")
            .iter()
            .any(|line| line.starts_with("UNSAFE")),
        "{text}"
    );
    assert!(!text.contains("not it"), "the password was printed: {text}");
}

/// Issue 47 §9: the doctor "changes nothing", yet it created `seaql_migrations` in an empty
/// database as it read which migrations were applied.
#[tokio::test]
async fn doctor_reads_an_empty_database_without_creating_anything_in_it() {
    use sea_orm::{ConnectionTrait, Database, Statement};
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("cohort.db");
    std::fs::File::create(&file).unwrap();
    let looked = cohort(data.path()).arg("doctor").output().unwrap();
    let text = said(&looked);
    assert_eq!(looked.status.code(), Some(1), "{text}");
    assert!(
        line_about(&text, "database")[0].contains("behind"),
        "{text}"
    );
    let db = Database::connect(format!("sqlite://{}", file.display()))
        .await
        .unwrap();
    let tables = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT name FROM sqlite_master",
        ))
        .await
        .unwrap();
    assert!(
        tables.is_empty(),
        "the doctor created {} table(s)",
        tables.len()
    );
}
