use serde_json::Value;

use crate::{detail, pass_reading_a_trial, quiz_id, setup};

#[tokio::test]
async fn passing_issues_one_certificate_its_holder_downloads_and_anyone_verifies() {
    let (app, member) = setup().await;
    let id = quiz_id(&app, &member, "Reading a clinical trial").await;
    let done = pass_reading_a_trial(&app, &member, id).await;
    let url = done["data"]["certificate"].as_str().unwrap().to_owned();
    let code = url
        .trim_start_matches("/api/certificates/")
        .trim_end_matches("/pdf")
        .to_owned();

    let pdf = app
        .client
        .get(app.url(&url))
        .bearer_auth(&member)
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), 200);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let bytes = pdf.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = testkit::pdf::text(&bytes);
    assert!(
        text.contains("Test Member")
            && text.contains("Reading a clinical trial")
            && text.contains(&code),
        "{text}"
    );

    let stranger = app
        .signed_in_user("eve@example.org", "analytical 1843")
        .await;
    let theirs = app
        .client
        .get(app.url(&url))
        .bearer_auth(&stranger)
        .send()
        .await
        .unwrap();
    assert_eq!(theirs.status(), 404);
    let anonymous = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(anonymous.status(), 401);

    let (status, checked) = app
        .get_json(&format!("/api/certificates/verify/{code}"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(checked["data"]["holder_name"], "Test Member");
    assert_eq!(checked["data"]["quiz_name"], "Reading a clinical trial");
    assert_eq!(checked["data"]["percent"], 100);
    let (status, lower) = app
        .get_json(&format!("/api/certificates/verify/{}", code.to_lowercase()))
        .await;
    assert_eq!(status, 200, "{lower}");
    let (status, forged) = app
        .get_json("/api/certificates/verify/AAAABBBBCCCCDDDD")
        .await;
    assert_eq!(status, 404);
    assert_eq!(forged["message"], "No certificate has this code.");

    // Issued once: the list and the detail keep pointing at the same certificate.
    let (_, list) = app.get_json_as(&member, "/api/quiz").await;
    let row: Value = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(row["certificate_url"], url.as_str());
    assert_eq!(
        detail(&app, &member, id).await["certificate_url"],
        url.as_str()
    );
}
