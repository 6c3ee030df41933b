//! Issue 24 §4: a quiz's validity period and CPD time on its certificate, the reminder
//! 30 days before it expires, renewal by passing again, and expiry on the public check.

use chrono::Duration;
use serde_json::Value;

use crate::{detail, pass_reading_a_trial, quiz_id, setup};

#[tokio::test]
async fn a_certificate_expires_its_holder_is_reminded_and_renews_it_by_passing_again() {
    let (app, member) = setup().await;
    let id = quiz_id(&app, &member, "Reading a clinical trial").await;
    let done = pass_reading_a_trial(&app, &member, id).await;
    let code = done["data"]["certificate"]
        .as_str()
        .unwrap()
        .trim_start_matches("/api/certificates/")
        .trim_end_matches("/pdf")
        .to_owned();
    let verify = format!("/api/certificates/verify/{code}");
    let (_, first) = app.get_json(&verify).await;
    let issued = first["data"]["issued_at"].as_str().unwrap().to_owned();
    let expires =
        chrono::DateTime::parse_from_rfc3339(first["data"]["expires_at"].as_str().unwrap())
            .unwrap();
    let issued_at = chrono::DateTime::parse_from_rfc3339(&issued).unwrap();
    assert_eq!(
        expires.date_naive(),
        issued_at
            .date_naive()
            .checked_add_months(chrono::Months::new(24))
            .unwrap()
    );
    assert_eq!(first["data"]["cpd_hours"], 1.5);
    assert_eq!(first["data"]["expired"], false);
    let credential = app
        .client
        .get(app.url(done["data"]["credential"].as_str().unwrap()))
        .bearer_auth(&member)
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(credential["credentialSubject"]["creditsEarned"], 1.5);
    assert!(credential["validUntil"].as_str().is_some());
    // Passed and valid: the quiz is closed, and no reminder is due.
    assert_eq!(detail(&app, &member, id).await["quiz_passed"], true);
    assert_eq!(
        learning::service::renewals::remind_due(&app.ctx, kernel::clock::now())
            .await
            .unwrap(),
        0
    );

    // 25 days before it expires: one reminder, once.
    app.advance(expires.with_timezone(&chrono::Utc) - kernel::clock::now() - Duration::days(25));
    let now = kernel::clock::now();
    assert_eq!(
        learning::service::renewals::remind_due(&app.ctx, now)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        learning::service::renewals::remind_due(&app.ctx, now)
            .await
            .unwrap(),
        0
    );
    let mail = app.last_mail_to("ada@example.org").await;
    assert!(
        mail.subject
            .starts_with("Your certificate “Reading a clinical trial” expires on"),
        "{}",
        mail.subject
    );
    assert!(
        mail.text.contains(&format!("/certificates/{id}")),
        "{}",
        mail.text
    );

    // The quiz opens again with all its attempts; passing renews the same certificate.
    let member = app.sign_in("ada@example.org", "analytical 1843").await;
    let quiz = detail(&app, &member, id).await;
    assert_eq!(quiz["quiz_passed"], false);
    assert_eq!(quiz["remaining_attempts"], 3, "the demo quiz allows 3");
    let renewed = pass_reading_a_trial(&app, &member, id).await;
    assert!(
        renewed["data"]["certificate"]
            .as_str()
            .unwrap()
            .contains(&code)
    );
    let (_, after) = app.get_json(&verify).await;
    assert_ne!(after["data"]["issued_at"], issued);
    let new_expiry =
        chrono::DateTime::parse_from_rfc3339(after["data"]["expires_at"].as_str().unwrap())
            .unwrap();
    assert!(
        new_expiry > expires + Duration::days(600),
        "{new_expiry} after {expires}"
    );
    assert_eq!(detail(&app, &member, id).await["quiz_passed"], true);

    // Past its expiry, the public check says it has expired.
    app.advance(Duration::days(800));
    let (_, late) = app.get_json(&verify).await;
    assert_eq!(late["data"]["expired"], true);
}
